import { sql } from 'drizzle-orm';
import type { UserSummary } from '@freemarket/contracts';
import { queryRows, type DbOrTx } from '@freemarket/db';
import { conversations, messages, users, type MessageRow } from '../db/schema/index.js';

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
 * Stores one message from `senderId` to each receiver the users projection knows (others are
 * skipped), moves both members' conversations to it, and returns it with both members and their
 * unread counts: one statement, because this is the hot path of every send.
 */
export async function storeMessages(tx: DbOrTx, senderId: string, receiverIds: readonly string[], content: string): Promise<StoredRow[]> {
  const receivers = sql.join(
    receiverIds.map((id) => sql`(${id}::text)`),
    sql`, `,
  );
  const rows = await queryRows<RawRow>(
    tx,
    sql`
    with receivers(receiver_id) as (values ${receivers}),
    inserted as (
      insert into ${messages} (sender_id, receiver_id, content)
      select ${senderId}::text, r.receiver_id, ${content}::text from receivers r
      where exists (select 1 from ${users} u where u.id = r.receiver_id)
      returning id, sender_id, receiver_id, content, is_read, created_at
    ),
    touched as (
      insert into ${conversations} (owner_id, other_id, last_message_id, last_message_at)
      select owner_id, other_id, id, created_at from (
        select sender_id as owner_id, receiver_id as other_id, id, created_at from inserted
        union all
        select receiver_id, sender_id, id, created_at from inserted
      ) sides
      -- One lock order for every writer, so two members writing to each other never deadlock.
      order by owner_id, other_id
      on conflict (owner_id, other_id) do update
        set last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at
        where (${conversations}.last_message_at, ${conversations}.last_message_id) <= (excluded.last_message_at, excluded.last_message_id)
    )
    select i.id, i.sender_id, i.receiver_id, i.content, i.is_read, i.created_at,
      -- The statement's snapshot does not see its own insert: hence the + 1.
      (select count(*)::int from ${messages} m where m.receiver_id = i.receiver_id and m.sender_id = i.sender_id and m.is_read = false) + 1 as receiver_unread,
      (select count(*)::int from ${messages} m where m.receiver_id = i.sender_id and m.sender_id = i.receiver_id and m.is_read = false) as sender_unread,
      s.first_name as s_first, s.last_name as s_last, s.email as s_email, s.profile_image_url as s_image,
      r.first_name as r_first, r.last_name as r_last, r.email as r_email, r.profile_image_url as r_image
    from inserted i
    left join ${users} s on s.id = i.sender_id
    left join ${users} r on r.id = i.receiver_id`,
  );
  return rows.map((r) => ({
    message: { id: r.id, senderId: r.sender_id, receiverId: r.receiver_id, content: r.content, isRead: r.is_read, createdAt: new Date(r.created_at) },
    sender: { id: r.sender_id, firstName: r.s_first, lastName: r.s_last, email: r.s_email, profileImageUrl: r.s_image },
    receiver: { id: r.receiver_id, firstName: r.r_first, lastName: r.r_last, email: r.r_email, profileImageUrl: r.r_image },
    receiverUnread: r.receiver_unread,
    senderUnread: r.sender_unread,
  }));
}
