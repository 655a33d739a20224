import { connectionSchema, createConnectionBodySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function postConnection(app: App, ctx: SocialContext): void {
  app.post('/api/connections', { config: { memberOnly: true }, schema: { body: createConnectionBodySchema, response: { 201: connectionSchema } } }, async (req, reply) => {
    const connection = await ctx.connections.request(requireActor(req), req.body);
    return reply.status(201).send(connection);
  });
}
