import { boolean, index, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { commerce } from './commerce-schema.js';

/**
 * Social's tutorials as its `tutorial.created` events describe them: who sells an enrolment in
 * each, and at what price. A deleted member's tutorials leave with them (`user.deleted`).
 */
export const tutorials = commerce.table(
  'tutorials',
  {
    id: uuid('id').primaryKey(),
    creatorId: text('creator_id').notNull(),
    title: text('title').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    isFree: boolean('is_free').notNull(),
    /** occurredAt of the announcement. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('tutorials_creator_idx').on(t.creatorId)],
);
export type TutorialRow = typeof tutorials.$inferSelect;
