import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@freemarket/db';
import { rewards, rewardTransactions } from '../db/schema/index.js';
import { dayKey, thingKey, utcDay, type Claim, type PriorCredits } from './earning.js';

export type NewRewardTransaction = typeof rewardTransactions.$inferInsert;

/**
 * Takes the members' locks until the transaction ends, in one order so that two transactions
 * cannot deadlock. A member's credits and refunds are then decided one at a time across every
 * instance, and the reads that follow see every earlier decision.
 */
export async function lockMembers(tx: Tx, userIds: readonly string[]): Promise<void> {
  // Advisory locks, not row locks: a member needs no row to be locked. Ordered by the lock key
  // itself, since two members whose ids hash alike share a lock.
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtext('rewards.member'), k.key)
    from (select distinct hashtext(user_id) as key from unnest(${sql.param([...new Set(userIds)])}::text[]) as u(user_id) order by 1) k`);
}

/** The decisions and the day's credits the members of these claims already have. */
export async function priorCredits(tx: Tx, claims: readonly Claim[]): Promise<PriorCredits> {
  const members = unique(claims.map((c) => c.earning.userId));
  const things = unique(claims.map((c) => c.earning.relatedId));
  const days = unique(claims.map((c) => utcDay(c.event.occurredAt)));
  const decided = await tx
    .select({ userId: rewardTransactions.userId, action: rewardTransactions.action, relatedId: rewardTransactions.relatedId })
    .from(rewardTransactions)
    .where(and(eq(rewardTransactions.type, 'earn'), inArray(rewardTransactions.userId, members), inArray(rewardTransactions.relatedId, things)));
  const perDay = await tx
    .select({ userId: rewardTransactions.userId, action: rewardTransactions.action, day: rewardTransactions.earnedOn, credits: count() })
    .from(rewardTransactions)
    .where(and(eq(rewardTransactions.credited, true), inArray(rewardTransactions.userId, members), inArray(rewardTransactions.earnedOn, days)))
    .groupBy(rewardTransactions.userId, rewardTransactions.action, rewardTransactions.earnedOn);
  return {
    decided: new Set(decided.map((r) => thingKey({ userId: r.userId, action: r.action, relatedId: r.relatedId ?? '' }))),
    creditedPerDay: new Map(perDay.map((r) => [dayKey(r.userId, r.action, r.day ?? ''), r.credits])),
  };
}

/** Writes decisions in the order given; returns each one's id by the event that led to it. */
export async function insertDecisions(tx: Tx, rows: NewRewardTransaction[]): Promise<Map<string, string>> {
  const inserted = await tx.insert(rewardTransactions).values(rows).returning({ id: rewardTransactions.id, sourceEventId: rewardTransactions.sourceEventId });
  return new Map(inserted.map((r) => [r.sourceEventId ?? '', r.id]));
}

/** Adds earned points to members' balances; returns each member's new balance. */
export async function addToBalances(tx: Tx, earned: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  if (earned.size === 0) return new Map();
  const rows = await tx
    .insert(rewards)
    .values([...earned].map(([userId, points]) => ({ userId, balance: points, lifetimeEarned: points })))
    .onConflictDoUpdate({
      target: rewards.userId,
      set: {
        balance: sql`${rewards.balance} + excluded.balance`,
        lifetimeEarned: sql`${rewards.lifetimeEarned} + excluded.lifetime_earned`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ userId: rewards.userId, balance: rewards.balance });
  return new Map(rows.map((r) => [r.userId, r.balance]));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
