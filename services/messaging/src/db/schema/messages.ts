import { sql } from 'drizzle-orm';
import { boolean, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messaging } from './messaging.js';

/** Direct messages (spec 02 §3). */
export const messages = messaging.table(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: text('sender_id').notNull(),
    receiverId: text('receiver_id').notNull(),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation, newest first, whichever member sent each message.
    index('messages_pair_idx').on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`, t.createdAt.desc(), t.id.desc()),
    // Unread counts and read marking touch only the unread few.
    index('messages_unread_idx').on(t.receiverId, t.senderId).where(sql`${t.isRead} = false`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;
