import { sql } from 'drizzle-orm';
import type { Tx } from '@freemarket/db';
import { rewards, rewardTransactions } from '../db/schema/index.js';
import { dayKey, thingKey, utcDay, type Claim, type PriorCredits } from './earning.js';

/** An earning decision as `insertDecisions` writes it. */
export type NewDecision = Required<Pick<typeof rewardTransactions.$inferInsert, 'userId' | 'amount' | 'action' | 'relatedId' | 'credited' | 'sourceEventId' | 'earnedOn'>> &
  Pick<typeof rewardTransactions.$inferInsert, 'description' | 'reason'>;

/**
 * The decisions and the day's credits the members of these claims already have, in one prepared
 * statement with one array per field. For each claim it probes the once-per-thing index for its
 * thing and the daily-cap index for its member, action and day, so it reads what the batch
 * touches, never a member's whole history.
 */
export async function priorCredits(tx: Tx, claims: readonly Claim[]): Promise<PriorCredits> {
  const t = rewardTransactions;
  const rows = await tx
    .select({
      userId: sql<string>`c.user_id`,
      action: sql<string>`c.action`,
      relatedId: sql<string>`c.related_id`,
      day: sql<string>`c.day::text`,
      decided: sql<boolean>`decided.taken is not null`,
      credited: sql<number>`day_credits.n`,
    })
    // LATERAL … LIMIT 1 keeps the thing's check an index probe; as EXISTS the planner may hash the
    // whole table instead, and a prepared statement keeps that plan as the table grows.
    .from(
      sql`unnest(${sql.placeholder('userIds')}::text[], ${sql.placeholder('actions')}::text[], ${sql.placeholder('relatedIds')}::text[], ${sql.placeholder('days')}::date[])
          as c(user_id, action, related_id, day)
        left join lateral (
          select true as taken from ${t} where ${t.type} = 'earn' and ${t.userId} = c.user_id and ${t.action} = c.action and ${t.relatedId} = c.related_id limit 1
        ) decided on true
        cross join lateral (
          select count(*)::int as n from ${t} where ${t.credited} and ${t.userId} = c.user_id and ${t.action} = c.action and ${t.earnedOn} = c.day
        ) day_credits`,
    )
    .prepare('rewards_prior_credits')
    .execute({
      userIds: claims.map((c) => c.earning.userId),
      actions: claims.map((c) => c.earning.action),
      relatedIds: claims.map((c) => c.earning.relatedId),
      days: claims.map((c) => utcDay(c.event.occurredAt)),
    });
  return {
    decided: new Set(rows.filter((r) => r.decided).map(thingKey)),
    creditedPerDay: new Map(rows.map((r) => [dayKey(r.userId, r.action, r.day), r.credited])),
  };
}

/**
 * Writes decisions in the order given; returns each one's id by the event that led to it. The rows
 * travel as one array per column, so the statement is the same text whatever the batch size.
 */
export async function insertDecisions(tx: Tx, rows: readonly NewDecision[]): Promise<Map<string, string>> {
  const column = <K extends keyof NewDecision>(key: K) => rows.map((r) => r[key] ?? null);
  const inserted = await tx
    .insert(rewardTransactions)
    // Every column in table order, as insert … select takes them: id and created_at are their defaults.
    .select(
      sql`select gen_random_uuid(), d.user_id, 'earn', d.amount, d.action, d.description, d.related_id, d.credited, d.reason, d.source_event_id, d.earned_on, clock_timestamp()
        from unnest(${sql.placeholder('userIds')}::text[], ${sql.placeholder('amounts')}::int[], ${sql.placeholder('actions')}::text[],
          ${sql.placeholder('descriptions')}::text[], ${sql.placeholder('relatedIds')}::text[], ${sql.placeholder('credited')}::boolean[],
          ${sql.placeholder('reasons')}::text[], ${sql.placeholder('sourceEventIds')}::uuid[], ${sql.placeholder('earnedOn')}::date[])
          with ordinality as d(user_id, amount, action, description, related_id, credited, reason, source_event_id, earned_on, n)
        order by d.n`,
    )
    .returning({ id: rewardTransactions.id, sourceEventId: rewardTransactions.sourceEventId })
    .prepare('rewards_insert_decisions')
    .execute({
      userIds: column('userId'),
      amounts: column('amount'),
      actions: column('action'),
      descriptions: column('description'),
      relatedIds: column('relatedId'),
      credited: column('credited'),
      reasons: column('reason'),
      sourceEventIds: column('sourceEventId'),
      earnedOn: column('earnedOn'),
    });
  return new Map(inserted.map((r) => [r.sourceEventId ?? '', r.id]));
}

/** Adds earned points to members' balances; returns each member's new balance. */
export async function addToBalances(tx: Tx, earned: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  if (earned.size === 0) return new Map();
  const rows = await tx
    .insert(rewards)
    // Every column in table order, as insert … select takes them: nothing redeemed, created and updated now.
    .select(sql`select e.user_id, e.points, e.points, 0, now(), now() from unnest(${sql.placeholder('userIds')}::text[], ${sql.placeholder('points')}::bigint[]) as e(user_id, points)`)
    .onConflictDoUpdate({
      target: rewards.userId,
      set: {
        balance: sql`${rewards.balance} + excluded.balance`,
        lifetimeEarned: sql`${rewards.lifetimeEarned} + excluded.lifetime_earned`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ userId: rewards.userId, balance: rewards.balance })
    .prepare('rewards_add_to_balances')
    .execute({ userIds: [...earned.keys()], points: [...earned.values()] });
  return new Map(rows.map((r) => [r.userId, r.balance]));
}
