import { eq } from 'drizzle-orm';
import { serveMemberExport, type App } from '@freemarket/kit';
import { contactMessages, users } from '../db/schema/index.js';
import type { IdentityContext } from '../context.js';
import { deleteCurrentUser } from './auth/delete-current-user.js';
import { getCurrentUser } from './auth/get-current-user.js';
import { sendContactMessage } from './contact/send-contact-message.js';
import { putUser } from './internal/put-user.js';

export function registerRoutes(app: App, ctx: IdentityContext): void {
  getCurrentUser(app, ctx);
  deleteCurrentUser(app, ctx);
  serveMemberExport(app, ctx.runtime, {
    account: (db, userId, limit) => db.select().from(users).where(eq(users.id, userId)).limit(limit),
    contactMessages: (db, userId, limit) => db.select().from(contactMessages).where(eq(contactMessages.userId, userId)).limit(limit),
  });
  putUser(app, ctx);
  sendContactMessage(app, ctx);
}
