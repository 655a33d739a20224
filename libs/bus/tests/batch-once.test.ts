import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Envelope } from '@freemarket/contracts';
import { openDatabase, type Database, type Tx } from '@freemarket/db';
import { createTestDatabase, testInfra, type TestDatabase } from '@freemarket/testing';
import { DeliveryBatcher, handleBatchOnce, Outbox, type BatchSettings } from '../src/index.js';
import { outbox, processedEvents, tallies } from './fixtures/schema.js';

const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });
const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

let testDb: TestDatabase;
let database: Database;
const producer = new Outbox(outbox, 'bus-test');

beforeAll(async () => {
  testDb = await createTestDatabase(testInfra());
  database = await openDatabase({ url: testDb.url });
  await database.migrate({ migrationsFolder, schema: 'bus_test' });
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

type Review = Envelope<'review.created'>;
const review = (reviewerId: string): Review => producer.envelope('review.created', { reviewId: crypto.randomUUID(), reviewerId, revieweeId: 'someone', rating: 5 });

/** A batch consumer adding one to a reviewer's tally per event, exactly once per event; a reviewer named 'bad' fails its batch. */
function tallyBatcher(settings: BatchSettings, batchSizes: number[] = []): DeliveryBatcher<Review> {
  const addOne = async (tx: Tx, fresh: Review[]) => {
    if (fresh.some((e) => e.data.reviewerId.endsWith('-bad'))) throw new Error('this handler refuses bad reviewers');
    for (const event of fresh) {
      await tx
        .insert(tallies)
        .values({ key: event.data.reviewerId, count: 1 })
        .onConflictDoUpdate({ target: tallies.key, set: { count: sql`${tallies.count} + 1` } });
    }
  };
  const commit = (events: Review[]) => {
    batchSizes.push(events.length);
    return database.db.transaction((tx) => handleBatchOnce(tx as Tx, processedEvents, 'batch-test', events, addOne));
  };
  return new DeliveryBatcher<Review>(settings, commit, logger);
}

async function tallyOf(keys: string[]): Promise<Record<string, number>> {
  const rows = await database.db.select().from(tallies).where(inArray(tallies.key, keys));
  return Object.fromEntries(keys.map((k) => [k, rows.find((r) => r.key === k)?.count ?? 0]));
}

describe(DeliveryBatcher.name, () => {
  it('gives a redelivered event no second effect, whether it arrives in the same batch or a later one', async () => {
    const batcher = tallyBatcher({ maxBatch: 10, maxParallel: 1 });
    const [a, b] = [review('redelivery-a'), review('redelivery-b')];
    expect(await Promise.all([batcher.submit(a), batcher.submit(b), batcher.submit(a), batcher.submit(b), batcher.submit(a)])).toEqual([
      'success',
      'success',
      'skipped',
      'skipped',
      'skipped',
    ]);
    expect(await batcher.submit(b)).toBe('skipped');
    expect(await tallyOf(['redelivery-a', 'redelivery-b'])).toEqual({ 'redelivery-a': 1, 'redelivery-b': 1 });
    const recorded = await database.db.select().from(processedEvents).where(eq(processedEvents.eventId, a.id));
    expect(recorded.map((r) => r.consumer)).toEqual(['batch-test']);
  });

  it('runs a failed batch again one event per transaction: only the failing event goes back for redelivery', async () => {
    const batcher = tallyBatcher({ maxBatch: 10, maxParallel: 1 });
    // The first event is a batch of its own; the next three wait for it and go together.
    const events = [review('split-0'), review('split-1'), review('split-bad'), review('split-2')];
    const outcomes = await Promise.allSettled(events.map((e) => batcher.submit(e)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await tallyOf(['split-0', 'split-1', 'split-bad', 'split-2'])).toEqual({ 'split-0': 1, 'split-1': 1, 'split-bad': 0, 'split-2': 1 });
    // The failed event was not recorded as processed, so its redelivery is handled afresh.
    await expect(batcher.submit(events[2]!)).rejects.toThrow('refuses bad reviewers');
    expect(await batcher.submit(events[1]!)).toBe('skipped');
  });

  it('puts many events of a batch in one transaction, at most maxBatch each', async () => {
    const batchSizes: number[] = [];
    const batcher = tallyBatcher({ maxBatch: 4, maxParallel: 1 }, batchSizes);
    const events = Array.from({ length: 9 }, (_, i) => review(`sizes-${i}`));
    expect(new Set(await Promise.all(events.map((e) => batcher.submit(e))))).toEqual(new Set(['success']));
    // The first event goes alone; the rest wait for its commit and fill batches of four.
    expect(batchSizes).toEqual([1, 4, 4]);
    expect(Object.values(await tallyOf(events.map((e) => e.data.reviewerId)))).toEqual(Array<number>(9).fill(1));
  });
});

describe('Outbox.enqueueAll', () => {
  it('writes many events in one insert, each validated against its contract first', async () => {
    const written = await database.db.transaction((tx) =>
      producer.enqueueAll(tx as Tx, 'review.created', [
        { reviewId: crypto.randomUUID(), reviewerId: 'many-1', revieweeId: 'x', rating: 5 },
        { reviewId: crypto.randomUUID(), reviewerId: 'many-2', revieweeId: 'x', rating: 4 },
      ]),
    );
    const rows = await database.db.select().from(outbox).where(inArray(outbox.id, written.map((e) => e.id)));
    expect(rows.map((r) => r.envelope).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))).toEqual(
      written.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
    );
    const bad = { reviewId: 'not-a-uuid', reviewerId: 'many-3', revieweeId: 'x', rating: 9 };
    await expect(database.db.transaction((tx) => producer.enqueueAll(tx as Tx, 'review.created', [bad]))).rejects.toThrow();
  });
});
