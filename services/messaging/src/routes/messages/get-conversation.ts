import { conversationParamsSchema, messagePageSchema, messagesPageQuerySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { MessagingContext } from '../../context.js';

export function getConversation(app: App, ctx: MessagingContext): void {
  app.get(
    '/api/messages/:userId',
    { config: { memberOnly: true }, schema: { params: conversationParamsSchema, querystring: messagesPageQuerySchema, response: { 200: messagePageSchema } } },
    async (req) => ctx.messages.conversation(requireActor(req), req.params.userId, req.query),
  );
}
