import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { rewardsSchema } from './rewards-schema.js';

/**
 * Every earning decision, credited or not (spec 02 §3 `reward_transactions`). A row with
 * `credited = false` has amount 0 and a `reason`; it still counts as the decision for its thing.
 */
export const rewardTransactions = rewardsSchema.table(
  'reward_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    type: varchar('type', { length: 50 }).notNull().$type<'earn' | 'spend'>(),
    amount: integer('amount').notNull(),
    action: varchar('action', { length: 100 }).notNull(),
    description: text('description'),
    /** The thing credited (review: the member reviewed; others: the project, event, payment…). */
    relatedId: text('related_id'),
    credited: boolean('credited').notNull().default(true),
    reason: text('reason'),
    /** The event that led to this row; at most one row per event. */
    sourceEventId: uuid('source_event_id'),
    /** UTC day of the event's occurredAt: the day its daily cap counts against, the same on replay. */
    earnedOn: date('earned_on', { mode: 'string' }),
    // clock_timestamp, not now(): the benchmark measures commit-to-credit delay from this column.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    // One credit per member per thing, ever, whatever event ids say so.
    uniqueIndex('reward_transactions_earn_once_idx').on(t.userId, t.action, t.relatedId).where(sql`${t.type} = 'earn'`),
    uniqueIndex('reward_transactions_source_event_idx').on(t.sourceEventId),
    index('reward_transactions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('reward_transactions_daily_cap_idx').on(t.userId, t.action, t.earnedOn).where(sql`${t.credited}`),
  ],
);
export type RewardTransactionRow = typeof rewardTransactions.$inferSelect;
