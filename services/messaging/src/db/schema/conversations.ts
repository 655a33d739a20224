import { index, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messaging } from './messaging.js';

/**
 * Each member's conversations and where they stand: one row per (owner, other member), moved to
 * the newest message as messages are stored, so the conversation list is one index range.
 */
export const conversations = messaging.table(
  'conversations',
  {
    ownerId: text('owner_id').notNull(),
    otherId: text('other_id').notNull(),
    lastMessageId: uuid('last_message_id').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.otherId] }), index('conversations_recent_idx').on(t.ownerId, t.lastMessageAt.desc(), t.lastMessageId.desc())],
);
export type ConversationRow = typeof conversations.$inferSelect;
