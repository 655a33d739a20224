import type { App } from '@freemarket/kit';
import type { IdentityContext } from '../context.js';
import { getCurrentUser } from './auth/get-current-user.js';
import { sendContactMessage } from './contact/send-contact-message.js';
import { putUser } from './internal/put-user.js';

export function registerRoutes(app: App, ctx: IdentityContext): void {
  getCurrentUser(app, ctx);
  putUser(app, ctx);
  sendContactMessage(app, ctx);
}
