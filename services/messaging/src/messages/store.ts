import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '@freemarket/db';
import type { Emit } from '@freemarket/kit';
import { conversations, messages, users, type MessageRow } from '../db/schema/index.js';

export type MemberRow = typeof users.$inferSelect;

/** A stored message with what its live updates need: both members and both unread counts. */
export interface StoredRow {
  message: MessageRow;
  /** Absent while the users projection has not heard of the sender. */
  sender: MemberRow | undefined;
  receiver: MemberRow;
  /** Unread messages from the sender in the receiver's conversation, this one included. */
  receiverUnread: number;
  /** Unread messages from the receiver in the sender's conversation. */
  senderUnread: number;
}

/**
 * Stores one message from `senderId` to each receiver the users projection knows (others are
 * skipped), moves both members' conversations to it and emits its `message.created`, in the
 * caller's transaction.
 */
export async function storeMessages(tx: Tx, emit: Emit, senderId: string, receiverIds: readonly string[], content: string): Promise<StoredRow[]> {
  const members = new Map((await tx.select().from(users).where(inArray(users.id, [...new Set([senderId, ...receiverIds])]))).map((m) => [m.id, m]));
  const known = [...new Set(receiverIds)].filter((id) => members.has(id));
  if (known.length === 0) return [];
  const stored = await tx
    .insert(messages)
    .values(known.map((receiverId) => ({ senderId, receiverId, content })))
    .returning();
  const unread = await moveConversations(tx, stored);
  await emit.all('message.created', stored.map((m) => ({ messageId: m.id, senderId, receiverId: m.receiverId })));
  return stored.map((message) => ({
    message,
    sender: members.get(senderId),
    receiver: members.get(message.receiverId)!,
    receiverUnread: unread.get(sideKey(message.receiverId, senderId)) ?? 0,
    senderUnread: unread.get(sideKey(senderId, message.receiverId)) ?? 0,
  }));
}

/** Moves both members' conversations to each message and counts it unread for its receiver; returns the unread counts by side. */
async function moveConversations(tx: Tx, stored: readonly MessageRow[]): Promise<Map<string, number>> {
  const sides = stored
    .flatMap((m) => [
      { ownerId: m.senderId, otherId: m.receiverId, lastMessageId: m.id, lastMessageAt: m.createdAt, unreadCount: 0 },
      { ownerId: m.receiverId, otherId: m.senderId, lastMessageId: m.id, lastMessageAt: m.createdAt, unreadCount: 1 },
    ])
    // One lock order for every writer, so two members writing to each other never deadlock.
    .sort((a, b) => compare(a.ownerId, b.ownerId) || compare(a.otherId, b.otherId));
  // A transaction that began earlier may commit later: the last message only moves forward.
  const newer = sql`(${conversations.lastMessageAt}, ${conversations.lastMessageId}) <= (excluded.last_message_at, excluded.last_message_id)`;
  const rows = await tx
    .insert(conversations)
    .values(sides)
    .onConflictDoUpdate({
      target: [conversations.ownerId, conversations.otherId],
      set: {
        lastMessageId: sql`case when ${newer} then excluded.last_message_id else ${conversations.lastMessageId} end`,
        lastMessageAt: sql`case when ${newer} then excluded.last_message_at else ${conversations.lastMessageAt} end`,
        unreadCount: sql`${conversations.unreadCount} + excluded.unread_count`,
      },
    })
    .returning({ ownerId: conversations.ownerId, otherId: conversations.otherId, unreadCount: conversations.unreadCount });
  return new Map(rows.map((r) => [sideKey(r.ownerId, r.otherId), r.unreadCount]));
}

function sideKey(ownerId: string, otherId: string): string {
  return JSON.stringify([ownerId, otherId]);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
