import { integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messaging } from './messaging.js';

/**
 * Each member's conversations and where they stand: one row per (owner, other member), moved to
 * the newest message and counting the owner's unread ones as messages are stored. Only the primary
 * key is indexed: every message updates two rows, and updates that touch no index stay cheap (HOT);
 * a member's conversations are few enough to sort when listed.
 */
export const conversations = messaging.table(
  'conversations',
  {
    ownerId: text('owner_id').notNull(),
    otherId: text('other_id').notNull(),
    lastMessageId: uuid('last_message_id').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Messages from `otherId` that `ownerId` has not read. */
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.otherId] })],
);
export type ConversationRow = typeof conversations.$inferSelect;
