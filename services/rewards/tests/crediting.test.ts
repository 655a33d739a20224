import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Envelope, EventData } from '@freemarket/contracts';
import { openDatabase, type Database, type Tx } from '@freemarket/db';
import { createTestDatabase, type TestDatabase } from '@freemarket/testing';
import { CreditLedger, type Claim, type CreditOutcome } from '../src/credits/credit-ledger.js';
import { outbox, processedEvents, rewards } from '../src/db/schema/index.js';
import { EARNING_RULES } from '../src/events/consumers/index.js';

let testDb: TestDatabase;
let database: Database;
const ledger = new CreditLedger({ outbox, consumer: 'rewards', producer: 'rewards' });

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase({ url: testDb.url, poolMax: 2 });
  await database.migrate({ migrationsFolder: fileURLToPath(new URL('../src/db/migrations', import.meta.url)), schema: 'rewards' });
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const today = new Date().toISOString();
const review = (reviewerId: string, revieweeId = `dev-${randomUUID()}`, occurredAt = today): Claim => ({
  event: { id: randomUUID(), occurredAt },
  earning: EARNING_RULES['review.created'].toEarning({ reviewId: randomUUID(), reviewerId, revieweeId, rating: 5 }),
});
const tutorial = (creatorId: string): Claim => ({
  event: { id: randomUUID(), occurredAt: today },
  earning: EARNING_RULES['tutorial.created'].toEarning({ tutorialId: randomUUID(), creatorId }),
});

/** One batch, decided the way the consumer does: claim the events (and lock their members), then decide. */
function decide(claims: Claim[]): Promise<CreditOutcome[]> {
  return database.db.transaction(async (transaction) => {
    const tx = transaction as Tx;
    expect(await ledger.claim(tx, claims)).toEqual(new Set(claims.map((c) => c.event.id)));
    return ledger.decide(tx, claims);
  });
}

const kinds = (outcomes: CreditOutcome[]) => outcomes.map((o) => (o.kind === 'not-credited' ? o.reason : o.kind));
const balance = async (userId: string) => (await database.db.select().from(rewards).where(eq(rewards.userId, userId)))[0]?.balance;

describe('deciding a batch of claims as if one after another', () => {
  it('credits up to the daily cap, then records the rest as capped, within one batch', async () => {
    const member = `dev-${randomUUID()}`;
    const outcomes = await decide(Array.from({ length: 12 }, () => review(member)));
    expect(kinds(outcomes)).toEqual([...Array<string>(10).fill('credited'), 'daily_cap', 'daily_cap']);
    expect(outcomes.map((o) => (o.kind === 'credited' ? o.balance : null))).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, null, null]);
    expect(await balance(member)).toBe(100);
  });

  it('counts credits of earlier batches against the cap, and a new UTC day starts afresh', async () => {
    const member = `dev-${randomUUID()}`;
    await decide(Array.from({ length: 9 }, () => review(member)));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(kinds(await decide([review(member), review(member), review(member, undefined, tomorrow)]))).toEqual(['credited', 'daily_cap', 'credited']);
    expect(await balance(member)).toBe(110);
  });

  it('decides a thing once: a repeat in the same batch or a later one is a duplicate and writes nothing', async () => {
    const member = `dev-${randomUUID()}`;
    const first = review(member, 'dev-same-reviewee');
    expect(kinds(await decide([first, review(member, 'dev-same-reviewee'), tutorial(member)]))).toEqual(['credited', 'duplicate', 'credited']);
    expect(kinds(await decide([review(member, 'dev-same-reviewee')]))).toEqual(['duplicate']);
    expect(await balance(member)).toBe(35);
  });

  it('records a refusal without using up a cap slot', async () => {
    const member = `dev-${randomUUID()}`;
    const claims = [review(member, member), ...Array.from({ length: 10 }, () => review(member))];
    expect(kinds(await decide(claims))).toEqual(['self', ...Array<string>(10).fill('credited')]);
  });

  it('claims an event once: a second claim of the same event id is not fresh', async () => {
    const claims = [review(`dev-${randomUUID()}`)];
    await decide(claims);
    const again = await database.db.transaction((transaction) => ledger.claim(transaction as Tx, claims));
    expect(again.size).toBe(0);
    const recorded = await database.db.select().from(processedEvents).where(eq(processedEvents.eventId, claims[0]!.event.id));
    expect(recorded.map((r) => r.consumer)).toEqual(['rewards']);
  });

  it('keeps members apart in one batch and announces each credit with the balance right after it', async () => {
    const [a, b] = [`dev-${randomUUID()}`, `dev-${randomUUID()}`];
    const outcomes = await decide([review(a), tutorial(b), tutorial(a), review(b)]);
    expect(outcomes.map((o) => (o.kind === 'credited' ? o.balance : null))).toEqual([10, 25, 35, 35]);
    const announced = (await database.db.select().from(outbox))
      .map((r) => (r.envelope as Envelope<'reward.credited'>).data)
      .filter((d: EventData<'reward.credited'>) => d.userId === a || d.userId === b);
    expect(announced.map((d) => [d.userId, d.amount, d.balance])).toEqual([
      [a, 10, 10],
      [b, 25, 25],
      [a, 25, 35],
      [b, 10, 35],
    ]);
  });
});
