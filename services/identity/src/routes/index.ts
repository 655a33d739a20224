import { serveMemberExport, type App } from '@freemarket/kit';
import type { IdentityContext } from '../context.js';
import { accountRows, contactMessagesOf } from '../users/repository.js';
import { deleteCurrentUser } from './auth/delete-current-user.js';
import { getCurrentUser } from './auth/get-current-user.js';
import { sendContactMessage } from './contact/send-contact-message.js';
import { putUser } from './internal/put-user.js';

export function registerRoutes(app: App, ctx: IdentityContext): void {
  getCurrentUser(app, ctx);
  deleteCurrentUser(app, ctx);
  serveMemberExport(app, ctx.runtime, {
    account: accountRows,
    contactMessages: contactMessagesOf,
  });
  putUser(app, ctx);
  sendContactMessage(app, ctx);
}
