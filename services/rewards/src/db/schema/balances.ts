import { sql } from 'drizzle-orm';
import { bigint, check, text, timestamp } from 'drizzle-orm/pg-core';
import { rewardsSchema } from './rewards-schema.js';

/** One row per member who has ever earned (spec 02 §3 `rewards`); absent means all zero. */
export const rewards = rewardsSchema.table(
  'rewards',
  {
    userId: text('user_id').primaryKey(),
    // bigint: a few very large payments must not overflow a balance (numbers stay exact below 2^53).
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    lifetimeEarned: bigint('lifetime_earned', { mode: 'number' }).notNull().default(0),
    lifetimeRedeemed: bigint('lifetime_redeemed', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('rewards_balance_nonnegative', sql`${t.balance} >= 0`)],
);
export type RewardsRow = typeof rewards.$inferSelect;
