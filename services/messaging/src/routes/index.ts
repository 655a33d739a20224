import type { App } from '@freemarket/kit';
import type { MessagingContext } from '../context.js';
import { registerRetryAfter } from '../limits/rate-limited-error.js';
import { getConversation } from './messages/get-conversation.js';
import { getConversations } from './messages/get-conversations.js';
import { postBroadcast } from './messages/post-broadcast.js';
import { postMessage } from './messages/post-message.js';

export function registerRoutes(app: App, ctx: MessagingContext): void {
  registerRetryAfter(app);
  postMessage(app, ctx);
  postBroadcast(app, ctx);
  getConversations(app, ctx);
  getConversation(app, ctx);
}
