import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { statementName } from '@freemarket/bus';
import type { DbOrTx } from '@freemarket/db';
import type { StatementEmit, SummarySource } from '@freemarket/kit';
import { conversations, messages, users, type MessageRow } from '../db/schema/index.js';

/** A stored message with what its live updates need: both members and both unread counts. */
export interface StoredRow {
  message: MessageRow;
  /** Absent while the users projection has not heard of the sender. */
  sender: SummarySource | undefined;
  receiver: SummarySource;
  /** Unread messages from the sender in the receiver's conversation, this one included. */
  receiverUnread: number;
  /** Unread messages from the receiver in the sender's conversation. */
  senderUnread: number;
}

/**
 * Stores one message from `senderId` to each receiver the users projection knows (others are
 * skipped), moves both members' conversations to it and emits its `message.created`, in one
 * statement.
 */
export async function storeMessages(db: DbOrTx, emit: StatementEmit, senderId: string, receiverIds: readonly string[], content: string): Promise<StoredRow[]> {
  const receivers = [...new Set(receiverIds)];
  if (receivers.length === 0) return [];
  const messageIds = receivers.map(() => randomUUID());
  const events = emit.within(
    'message.created',
    receivers.map((receiverId, i) => ({ messageId: messageIds[i]!, senderId, receiverId })),
    // A receiver the users projection does not know gets no message, so no event either.
    { envelopes: sql.placeholder('envelopes'), keep: sql`(e -> 'data' ->> 'messageId')::uuid in (select id from inserted)` },
  );
  const rows = await db
    .with(inserted(db), touched(db), db.$with('announced').as(events.insert))
    .select({
      id: sql<string>`i.id`,
      receiverId: sql<string>`i.receiver_id`,
      createdAt: sql`i.created_at`.mapWith(messages.createdAt),
      receiverUnread: sql<number>`rc.unread_count`,
      senderUnread: sql<number>`sc.unread_count`,
      sender: sql<SummarySource | null>`case when s.id is not null then ${member('s')} end`,
      receiver: sql<SummarySource>`${member('r')}`,
    })
    .from(
      sql`inserted i
        join touched rc on rc.owner_id = i.receiver_id and rc.other_id = i.sender_id
        join touched sc on sc.owner_id = i.sender_id and sc.other_id = i.receiver_id
        join ${users} r on r.id = i.receiver_id
        left join ${users} s on s.id = i.sender_id`,
    )
    .prepare(statementName(messages, 'store'))
    .execute({ senderId, content, messageIds, receiverIds: receivers, envelopes: events.json });
  return rows.map((r) => ({
    message: { id: r.id, senderId, receiverId: r.receiverId, content, isRead: false, createdAt: r.createdAt },
    sender: r.sender ?? undefined,
    receiver: r.receiver,
    receiverUnread: r.receiverUnread,
    senderUnread: r.senderUnread,
  }));
}

// The statement's parts are raw SQL over arrays (one per column), so its text is the same for a
// send and a broadcast and Drizzle has little to build on each call; Postgres plans it once per
// connection.

/** The messages to the receivers the users projection knows. */
function inserted(db: DbOrTx) {
  return db.$with('inserted', {}).as(
    sql`insert into ${messages} (id, sender_id, receiver_id, content)
      select r.message_id, ${sql.placeholder('senderId')}::text, r.receiver_id, ${sql.placeholder('content')}::text
      from unnest(${sql.placeholder('messageIds')}::uuid[], ${sql.placeholder('receiverIds')}::text[]) as r(message_id, receiver_id)
      where exists (select 1 from ${users} u where u.id = r.receiver_id)
      returning id, sender_id, receiver_id, created_at`,
  );
}

/** Both members' conversations moved to each message, counted unread for its receiver. */
function touched(db: DbOrTx) {
  const c = conversations;
  // A transaction that began earlier may commit later: the last message only moves forward.
  const newer = sql`(c.last_message_at, c.last_message_id) <= (excluded.last_message_at, excluded.last_message_id)`;
  return db.$with('touched', {}).as(
    sql`insert into ${c} as c (owner_id, other_id, last_message_id, last_message_at, unread_count)
      select owner_id, other_id, id, created_at, unread from (
        select sender_id as owner_id, receiver_id as other_id, id, created_at, 0 as unread from inserted
        union all
        select receiver_id, sender_id, id, created_at, 1 from inserted
      ) sides
      -- One lock order for every writer, so two members writing to each other never deadlock.
      order by owner_id, other_id
      on conflict (owner_id, other_id) do update set
        last_message_id = case when ${newer} then excluded.last_message_id else c.last_message_id end,
        last_message_at = case when ${newer} then excluded.last_message_at else c.last_message_at end,
        unread_count = c.unread_count + excluded.unread_count
      returning owner_id, other_id, unread_count`,
  );
}

/** A member's summary fields as JSON, from the users row aliased `alias`. */
function member(alias: 's' | 'r') {
  const a = sql.raw(alias);
  return sql`json_build_object('id', ${a}.id, 'firstName', ${a}.first_name, 'lastName', ${a}.last_name, 'email', ${a}.email,
    'profileImageUrl', ${a}.profile_image_url, 'contactInfoIsPublic', ${a}.contact_info_is_public)`;
}
