import { eq, or } from 'drizzle-orm';
import { serveMemberExport, type App } from '@freemarket/kit';
import type { MessagingContext } from '../context.js';
import { messages } from '../db/schema/index.js';

/** The member's part of the account export: the messages they sent and received. */
export function exportMemberData(app: App, ctx: MessagingContext): void {
  serveMemberExport(app, ctx.runtime, {
    messages: (db, userId, limit) => db.select().from(messages).where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId))).orderBy(messages.createdAt).limit(limit),
  });
}
