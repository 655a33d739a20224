import { broadcastBodySchema, broadcastResultSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { MessagingContext } from '../../context.js';

export function postBroadcast(app: App, ctx: MessagingContext): void {
  app.post('/api/messages/broadcast', { config: { memberOnly: true }, schema: { body: broadcastBodySchema, response: { 201: broadcastResultSchema } } }, async (req, reply) => {
    const result = await ctx.messages.broadcast(requireActor(req), req.body);
    return reply.status(201).send(result);
  });
}
