import { connectionParamsSchema } from '@freemarket/contracts';
import { type App, noContent, requireActor } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function deleteConnection(app: App, ctx: SocialContext): void {
  app.delete('/api/connections/:id', { config: { memberOnly: true }, schema: { params: connectionParamsSchema, response: noContent } }, async (req, reply) => {
    await ctx.connections.remove(requireActor(req), req.params.id);
    return reply.status(204).send(null);
  });
}
