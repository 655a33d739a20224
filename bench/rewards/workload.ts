import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@freemarket/db';
import { memberBurst } from '../../services/rewards/tests/fixtures/producer/member-burst.js';
import type { AnyEvent } from '../../services/rewards/tests/fixtures/producer/test-producer.js';

export interface Workload {
  events: AnyEvent[];
  members: number;
  /** What the members must hold between them once every event is credited. */
  points: number;
}

/** Bursts of ten events (every kind, under the daily caps) for count / 10 new members `bench-<tag>-<n>`. */
export function workload(count: number, tag: string): Workload {
  const members = Math.ceil(count / 10);
  const events: AnyEvent[] = [];
  let points = 0;
  for (let m = 0; m < members; m++) {
    const burst = memberBurst(`bench-${tag}-${m}`);
    events.push(...burst.events);
    points += burst.points;
  }
  return { events, members, points };
}

/** Decisions recorded so far for a workload's members, and the points they carry. */
export async function credited(db: Database, tag: string): Promise<{ rows: number; points: number }> {
  const [row] = await queryRows<{ rows: number; points: number }>(
    db.db,
    sql`select count(*)::int as rows, coalesce(sum(amount), 0)::int as points from rewards.reward_transactions where user_id like ${`bench-${tag}-%`}`,
  );
  return row!;
}

/** Producer outbox rows not yet marked sent. */
export async function unpublished(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from test_producer.outbox where published_at is null`);
  return row!.n;
}

export function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
