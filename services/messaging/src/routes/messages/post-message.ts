import { messageSchema, sendMessageBodySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { MessagingContext } from '../../context.js';

export function postMessage(app: App, ctx: MessagingContext): void {
  app.post('/api/messages', { config: { memberOnly: true }, schema: { body: sendMessageBodySchema, response: { 201: messageSchema } } }, async (req, reply) => {
    const message = await ctx.messages.send(requireActor(req), req.body);
    return reply.status(201).send(message);
  });
}
