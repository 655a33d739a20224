import { directoryIdParams } from '@freemarket/contracts';
import { type App, noContent, requireActor } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function removeFavoriteBusiness(app: App, ctx: DirectoryContext): void {
  app.delete('/api/favorite-businesses/:id', { config: { memberOnly: true }, schema: { params: directoryIdParams, response: noContent } }, async (req, reply) => {
    await ctx.favorites.remove(requireActor(req), req.params.id);
    return reply.status(204).send(null);
  });
}
