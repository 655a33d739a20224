import { sql } from 'drizzle-orm';
import type { Envelope, UserSummary } from '@freemarket/contracts';
import { queryPrepared, type DbOrTx } from '@freemarket/db';
import { conversations, messages, outbox, users, type MessageRow } from '../db/schema/index.js';

/** A stored message with what its live updates need: both members and both unread counts. */
export interface StoredRow {
  message: MessageRow;
  sender: UserSummary;
  receiver: UserSummary;
  /** Unread messages from the sender in the receiver's conversation, this one included. */
  receiverUnread: number;
  /** Unread messages from the receiver in the sender's conversation. */
  senderUnread: number;
}

interface RawRow extends Record<string, unknown> {
  id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  is_read: boolean;
  created_at: Date | string;
  receiver_unread: number;
  sender_unread: number;
  s_first: string | null;
  s_last: string | null;
  s_email: string | null;
  s_image: string | null;
  r_first: string | null;
  r_last: string | null;
  r_email: string | null;
  r_image: string | null;
}

/**
 * Stores one message from `senderId` per `message.created` event in `events` (its id, receiver and
 * event are the envelope's) for each receiver the users projection knows (others are skipped, with
 * their events), writes those events into the outbox, moves both members' conversations to each
 * message, and returns them with both members and their unread counts. One prepared statement and
 * no BEGIN or COMMIT: a single statement is its own transaction, so a message and its event commit
 * together or not at all, and this, the hot path of every send, is one round trip.
 */
export async function storeMessages(db: DbOrTx, senderId: string, content: string, events: readonly Envelope<'message.created'>[]): Promise<StoredRow[]> {
  const rows = await queryPrepared<RawRow>(
    db,
    sql`
    with planned as (
      select (e->'data'->>'messageId')::uuid as message_id, e->'data'->>'receiverId' as receiver_id, (e->>'id')::uuid as event_id, e as envelope
      from jsonb_array_elements(${JSON.stringify(events)}::jsonb) e
    ),
    inserted as (
      insert into ${messages} (id, sender_id, receiver_id, content)
      select p.message_id, ${senderId}::text, p.receiver_id, ${content}::text from planned p
      where exists (select 1 from ${users} u where u.id = p.receiver_id)
      returning id, sender_id, receiver_id, content, is_read, created_at
    ),
    announced as (
      insert into ${outbox} (id, type, envelope)
      select p.event_id, 'message.created', p.envelope from planned p join inserted i on i.id = p.message_id
    ),
    touched as (
      insert into ${conversations} as c (owner_id, other_id, last_message_id, last_message_at, unread_count)
      select owner_id, other_id, id, created_at, unread from (
        select sender_id as owner_id, receiver_id as other_id, id, created_at, 0 as unread from inserted
        union all
        select receiver_id, sender_id, id, created_at, 1 from inserted
      ) sides
      -- One lock order for every writer, so two members writing to each other never deadlock.
      order by owner_id, other_id
      on conflict (owner_id, other_id) do update set
        -- A transaction that began earlier may commit later: the last message only moves forward.
        last_message_id = case when (c.last_message_at, c.last_message_id) <= (excluded.last_message_at, excluded.last_message_id) then excluded.last_message_id else c.last_message_id end,
        last_message_at = case when (c.last_message_at, c.last_message_id) <= (excluded.last_message_at, excluded.last_message_id) then excluded.last_message_at else c.last_message_at end,
        unread_count = c.unread_count + excluded.unread_count
      returning owner_id, other_id, unread_count
    )
    select i.id, i.sender_id, i.receiver_id, i.content, i.is_read, i.created_at,
      rc.unread_count as receiver_unread, sc.unread_count as sender_unread,
      s.first_name as s_first, s.last_name as s_last, s.email as s_email, s.profile_image_url as s_image,
      r.first_name as r_first, r.last_name as r_last, r.email as r_email, r.profile_image_url as r_image
    from inserted i
    join touched rc on rc.owner_id = i.receiver_id and rc.other_id = i.sender_id
    join touched sc on sc.owner_id = i.sender_id and sc.other_id = i.receiver_id
    left join ${users} s on s.id = i.sender_id
    left join ${users} r on r.id = i.receiver_id`,
    'messaging_store_messages',
  );
  return rows.map((r) => ({
    message: { id: r.id, senderId: r.sender_id, receiverId: r.receiver_id, content: r.content, isRead: r.is_read, createdAt: new Date(r.created_at) },
    sender: { id: r.sender_id, firstName: r.s_first, lastName: r.s_last, email: r.s_email, profileImageUrl: r.s_image },
    receiver: { id: r.receiver_id, firstName: r.r_first, lastName: r.r_last, email: r.r_email, profileImageUrl: r.r_image },
    receiverUnread: r.receiver_unread,
    senderUnread: r.sender_unread,
  }));
}
