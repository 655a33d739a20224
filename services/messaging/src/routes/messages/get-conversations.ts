import { conversationPageSchema, messagesPageQuerySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { MessagingContext } from '../../context.js';

export function getConversations(app: App, ctx: MessagingContext): void {
  app.get('/api/messages/conversations', { config: { memberOnly: true }, schema: { querystring: messagesPageQuerySchema, response: { 200: conversationPageSchema } } }, async (req) =>
    ctx.messages.conversations(requireActor(req), req.query),
  );
}
