import { directoryIdParams } from '@freemarket/contracts';
import { type App, noContent, requireActor } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function deleteLegislation(app: App, ctx: DirectoryContext): void {
  app.delete('/api/proposed-legislation/:id', { config: { memberOnly: true }, schema: { params: directoryIdParams, response: noContent } }, async (req, reply) => {
    await ctx.legislation.remove(requireActor(req), req.params.id);
    return reply.status(204).send(null);
  });
}
