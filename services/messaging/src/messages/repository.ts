import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, TimeIdKey } from '@freemarket/db';
import { conversations, messages, type MessageRow } from '../db/schema/index.js';

export interface Pair {
  ownerId: string;
  otherId: string;
}

export const pairKey = (p: Pair): string => `${p.ownerId}\u0000${p.otherId}`;

/** How many of `otherId`'s messages each `ownerId` has not read, by `pairKey`. */
export async function unreadCounts(db: DbOrTx, pairs: Pair[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  // Chunks keep a large broadcast under the parameter limit of one statement.
  for (let i = 0; i < pairs.length; i += 2000) {
    const wanted = sql.join(
      pairs.slice(i, i + 2000).map((p) => sql`(${p.ownerId}::text, ${p.otherId}::text)`),
      sql`, `,
    );
    const rows = await db
      .select({ ownerId: messages.receiverId, otherId: messages.senderId, count: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.isRead, false), sql`(${messages.receiverId}, ${messages.senderId}) in (${wanted})`))
      .groupBy(messages.receiverId, messages.senderId);
    for (const r of rows) counts.set(pairKey(r), r.count);
  }
  return counts;
}

/** One page of the conversation between two members, newest first, before the given key. */
export async function pageConversation(db: DbOrTx, a: string, b: string, options: { before?: TimeIdKey; limit: number }): Promise<MessageRow[]> {
  const conditions: SQL[] = [
    sql`least(${messages.senderId}, ${messages.receiverId}) = least(${a}::text, ${b}::text)`,
    sql`greatest(${messages.senderId}, ${messages.receiverId}) = greatest(${a}::text, ${b}::text)`,
  ];
  if (options.before) conditions.push(sql`(${messages.createdAt}, ${messages.id}) < (${options.before.createdAt.toISOString()}::timestamptz, ${options.before.id}::uuid)`);
  return db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
}

/** A member's conversations with their last message, most recent first, before the given key. */
export async function pageConversations(db: DbOrTx, ownerId: string, options: { before?: TimeIdKey; limit: number }) {
  const conditions: SQL[] = [eq(conversations.ownerId, ownerId)];
  if (options.before) {
    conditions.push(sql`(${conversations.lastMessageAt}, ${conversations.lastMessageId}) < (${options.before.createdAt.toISOString()}::timestamptz, ${options.before.id}::uuid)`);
  }
  return db
    .select({ otherId: conversations.otherId, message: messages })
    .from(conversations)
    .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(and(...conditions))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.lastMessageId))
    .limit(options.limit + 1);
}

/** Marks what `senderId` sent `readerId` read; returns how many were unread. */
export async function markRead(tx: DbOrTx, readerId: string, senderId: string): Promise<number> {
  const updated = await tx
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.receiverId, readerId), eq(messages.senderId, senderId), eq(messages.isRead, false)))
    .returning({ id: messages.id });
  return updated.length;
}
