import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { olderThan, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import { conversations, messages, type MessageRow } from '../db/schema/index.js';

/** One page of the conversation between two members, newest first, before the given key. */
export async function pageConversation(db: DbOrTx, a: string, b: string, options: { before?: TimeIdKey; limit: number }): Promise<MessageRow[]> {
  const conditions: SQL[] = [
    sql`least(${messages.senderId}, ${messages.receiverId}) = least(${a}::text, ${b}::text)`,
    sql`greatest(${messages.senderId}, ${messages.receiverId}) = greatest(${a}::text, ${b}::text)`,
  ];
  if (options.before) conditions.push(olderThan(messages.createdAt, messages.id, options.before));
  return db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
}

/** A member's conversations with their last message and unread count, most recent first, before the given key. */
export async function pageConversations(db: DbOrTx, ownerId: string, options: { before?: TimeIdKey; limit: number }) {
  const conditions: SQL[] = [eq(conversations.ownerId, ownerId)];
  if (options.before) {
    conditions.push(olderThan(conversations.lastMessageAt, conversations.lastMessageId, options.before));
  }
  return db
    .select({ otherId: conversations.otherId, unreadCount: conversations.unreadCount, message: messages })
    .from(conversations)
    .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(and(...conditions))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.lastMessageId))
    .limit(options.limit + 1);
}

/**
 * Marks what `senderId` sent `readerId` read; returns how many were unread. The conversation row
 * is reset first: its lock orders this against a message being stored at the same moment, so the
 * counter and the messages never disagree.
 */
export async function markRead(tx: DbOrTx, readerId: string, senderId: string): Promise<number> {
  await tx
    .update(conversations)
    .set({ unreadCount: 0 })
    .where(and(eq(conversations.ownerId, readerId), eq(conversations.otherId, senderId)));
  const updated = await tx
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.receiverId, readerId), eq(messages.senderId, senderId), eq(messages.isRead, false)))
    .returning({ id: messages.id });
  return updated.length;
}
