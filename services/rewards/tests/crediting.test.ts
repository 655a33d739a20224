import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { handleBatchOnce, Outbox } from '@freemarket/bus';
import type { Envelope, EventData, EventType } from '@freemarket/contracts';
import { openDatabase, type Database, type Tx } from '@freemarket/db';
import type { Emit } from '@freemarket/kit';
import { createTestDatabase, type TestDatabase } from '@freemarket/testing';
import type { EarningEventType } from '../src/credits/earning.js';
import { creditEarnings } from '../src/credits/service.js';
import { outbox, processedEvents, rewards, rewardTransactions } from '../src/db/schema/index.js';

let testDb: TestDatabase;
let database: Database;
const producer = new Outbox(outbox, 'rewards');

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
const envelope = <T extends EarningEventType>(type: T, data: EventData<T>, occurredAt = today) =>
  ({ id: randomUUID(), type, occurredAt, producer: 'test', data }) as Envelope<T>;
const review = (reviewerId: string, revieweeId = `dev-${randomUUID()}`, occurredAt = today) =>
  envelope('review.created', { reviewId: randomUUID(), reviewerId, revieweeId, rating: 5 }, occurredAt);
const tutorial = (creatorId: string) => envelope('tutorial.created', { tutorialId: randomUUID(), creatorId });

function emitInto(tx: Tx): Emit {
  return Object.assign(<T extends EventType>(type: T, data: EventData<T>) => producer.enqueue(tx, type, data), {
    all: <T extends EventType>(type: T, data: readonly EventData<T>[]) => producer.enqueueAll(tx, type, data),
  });
}

/** One batch, the way the kit's batch consumer runs it: one transaction, each event id recorded once. */
function creditBatch(events: Envelope<EarningEventType>[]): Promise<Envelope<EarningEventType>[]> {
  return database.db.transaction((tx) => handleBatchOnce(tx as Tx, processedEvents, 'rewards', events, (batchTx, fresh) => creditEarnings(batchTx, fresh, emitInto(batchTx))));
}

async function decisionsOf(events: Envelope[]) {
  const rows = await database.db.select().from(rewardTransactions).where(inArray(rewardTransactions.sourceEventId, events.map((e) => e.id)));
  const byEvent = new Map(rows.map((r) => [r.sourceEventId, r]));
  return events.map((e) => {
    const row = byEvent.get(e.id);
    return !row ? 'none' : row.credited ? 'credited' : row.reason;
  });
}
const balance = async (userId: string) => (await database.db.select().from(rewards).where(eq(rewards.userId, userId)))[0]?.balance;

describe(creditEarnings.name, () => {
  it('credits up to the daily cap within a batch and across batches, and records the rest as capped', async () => {
    const member = `dev-${randomUUID()}`;
    const at = (second: number, day = '2025-03-01') => `${day}T12:00:${String(second).padStart(2, '0')}.000Z`;
    const first = Array.from({ length: 9 }, (_, i) => review(member, undefined, at(i)));
    await creditBatch(first);
    const second = [review(member, undefined, at(30)), review(member, undefined, at(31)), review(member, undefined, at(0, '2025-03-02'))];
    await creditBatch(second);
    expect(await decisionsOf([...first, ...second])).toEqual([...Array<string>(10).fill('credited'), 'daily_cap', 'credited']);
    expect(await balance(member)).toBe(110);
  });

  it('writes nothing for a thing decided before, in the same batch or a later one', async () => {
    const member = `dev-${randomUUID()}`;
    const batch = [review(member, 'dev-same-reviewee', new Date(Date.parse(today) - 1000).toISOString()), review(member, 'dev-same-reviewee'), tutorial(member)];
    await creditBatch(batch);
    const later = review(member, 'dev-same-reviewee');
    await creditBatch([later]);
    expect(await decisionsOf([...batch, later])).toEqual(['credited', 'none', 'credited', 'none']);
    expect(await balance(member)).toBe(35);
  });

  it('handles an event once, even delivered twice in one batch and again in a later one', async () => {
    const event = review(`dev-${randomUUID()}`);
    expect(await creditBatch([event, event])).toEqual([event]);
    expect(await creditBatch([event])).toEqual([]);
    const recorded = await database.db.select().from(processedEvents).where(eq(processedEvents.eventId, event.id));
    expect(recorded.map((r) => r.consumer)).toEqual(['rewards']);
    expect(await balance(event.data.reviewerId)).toBe(10);
  });

  it('keeps members apart in one batch and announces each credit with the balance right after it', async () => {
    const [a, b] = [`dev-${randomUUID()}`, `dev-${randomUUID()}`];
    const at = (s: number) => new Date(Date.now() + s * 1000).toISOString();
    await creditBatch([
      envelope('review.created', { reviewId: randomUUID(), reviewerId: b, revieweeId: 'dev-x', rating: 4 }, at(3)),
      envelope('tutorial.created', { tutorialId: randomUUID(), creatorId: a }, at(2)),
      envelope('tutorial.created', { tutorialId: randomUUID(), creatorId: b }, at(1)),
      envelope('review.created', { reviewId: randomUUID(), reviewerId: a, revieweeId: 'dev-x', rating: 5 }, at(0)),
    ]);
    const announced = (await database.db.select().from(outbox))
      .map((r) => (r.envelope as Envelope<'reward.credited'>).data)
      .filter((d) => d.userId === a || d.userId === b);
    expect(announced.map((d) => [d.userId, d.amount, d.balance])).toEqual([
      [a, 10, 10],
      [b, 25, 25],
      [a, 25, 35],
      [b, 10, 35],
    ]);
  });
});
