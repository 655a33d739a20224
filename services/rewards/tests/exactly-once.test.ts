import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { NatsBus } from '@freemarket/bus';
import type { Envelope } from '@freemarket/contracts';
import { startServiceForTest, waitFor } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { createRewardsService, loadRewardsConfig } from '../src/index.js';
import { rewardTransactions } from '../src/db/schema/index.js';
import { FaultInjectingBus } from './fixtures/fault-injecting-bus.js';
import type { TestProducer } from './fixtures/producer/test-producer.js';
import {
  balances,
  ledgerAgreement,
  loseStream,
  memberBurst,
  processedCount,
  replayProducerOutbox,
  rewardsEnv,
  spawnScript,
  startProducer,
  testLogger,
  TEST_ACK_WAIT_MS,
  waitProcessed,
  type RewardsUnderTest,
} from './_util.js';

/** These tests kill and restart processes; a loaded machine makes them slow, not wrong. */
const TIMEOUT = 60_000;

let sut: RewardsUnderTest;
let faults: FaultInjectingBus;
let producer: TestProducer;
const startedAt = new Date(Date.now() - 1000);
/** Every member this file credits, with the points they must end with. */
const expected = new Map<string, number>();
/** Events that are each a distinct thing: one credit row each. */
const distinct: string[] = [];

const db = () => sut.service.runtime.db;
const natsUrl = () => sut.config.bus.natsUrl ?? '';
const connectBus = () => NatsBus.connect({ servers: natsUrl(), stream: sut.config.bus.stream, subjectPrefix: sut.config.bus.subjectPrefix, logger: testLogger });

/** Bursts for `n` new members: their events, committed `perTx` to a transaction. */
async function emitBursts(n: number, tag: string, perTx = 10): Promise<Envelope[]> {
  const events: Envelope[] = [];
  for (let m = 0; m < n; m++) {
    const userId = `dev-${tag}-${m}-${randomUUID().slice(0, 6)}`;
    const burst = memberBurst(userId);
    expected.set(userId, burst.points);
    for (let i = 0; i < burst.events.length; i += perTx) events.push(...(await producer.emitMany(burst.events.slice(i, i + perTx))));
  }
  distinct.push(...events.map((e) => e.id));
  return events;
}

async function expectBooksBalanced(): Promise<void> {
  expect(Object.fromEntries(await balances(db(), [...expected.keys()]))).toEqual(Object.fromEntries(expected));
  expect(await ledgerAgreement(db(), distinct)).toEqual({ outbox: distinct.length, processed: distinct.length, credits: distinct.length, orphans: 0 });
}

needs(['postgres', 'nats'], 'rewards instances, relays and the replay command in other processes on one database and stream').describe('exactly-once crediting', () => {
  beforeAll(async () => {
    sut = await startServiceForTest({
      name: 'rewards',
      loadConfig: loadRewardsConfig,
      env: { REWARDS_ACK_WAIT_MS: String(TEST_ACK_WAIT_MS) },
      create: async (config, overrides) => {
        faults = new FaultInjectingBus(await NatsBus.connect({ servers: config.bus.natsUrl ?? '', stream: config.bus.stream, subjectPrefix: config.bus.subjectPrefix, logger: testLogger }));
        return createRewardsService(config, { ...overrides, bus: faults });
      },
    });
    producer = await startProducer(sut);
  });
  afterAll(async () => {
    await producer?.close();
    await sut?.stop();
    await faults?.close();
  });

  it('credits an event delivered three times once', async () => {
    faults.afterHandle = (_event, delivery, outcome) => (delivery.attempt < 3 ? 'retry' : outcome);
    const events = await emitBursts(1, 'thrice', 5);
    await waitFor('every event delivered three times', () => events.every((e) => faults.deliveries.get(e.id) === 3), 20_000);
    faults.afterHandle = undefined;
    await waitProcessed(db(), events.map((e) => e.id));
    await expectBooksBalanced();
  }, TIMEOUT);

  it('keeps the daily cap and once-per-thing exact with two instances consuming at once', async () => {
    const second = new FaultInjectingBus(await connectBus());
    const other = await createRewardsService(sut.config, { logger: testLogger, bus: second });
    await other.start();
    try {
      const members = Array.from({ length: 20 }, (_, i) => `dev-pair-${i}-${randomUUID().slice(0, 6)}`);
      const ids: string[] = [];
      const duplicates: string[] = [];
      for (const reviewerId of members) {
        const reviewees = Array.from({ length: 15 }, () => `dev-stranger-${randomUUID()}`);
        const reviews = reviewees.map((revieweeId) => ({ type: 'review.created' as const, data: { reviewId: randomUUID(), reviewerId, revieweeId, rating: 5 } }));
        ids.push(...(await producer.emitMany(reviews)).map((e) => e.id));
        // The same member reviewed again under a new review id: the same thing, no second credit.
        const [again] = await producer.emitMany([{ type: 'review.created', data: { reviewId: randomUUID(), reviewerId, revieweeId: reviewees[0]!, rating: 1 } }]);
        duplicates.push(again!.id);
        expected.set(reviewerId, 100);
      }
      await waitProcessed(db(), [...ids, ...duplicates]);
      expect(faults.deliveries.size).toBeGreaterThan(0);
      expect(second.deliveries.size).toBeGreaterThan(0);
      expect(Object.fromEntries(await balances(db(), members))).toEqual(Object.fromEntries(members.map((m) => [m, 100])));
      const rows = await db()
        .select({ credited: rewardTransactions.credited, reason: rewardTransactions.reason, n: sql<number>`count(*)::int` })
        .from(rewardTransactions)
        .where(inArray(rewardTransactions.userId, members))
        .groupBy(rewardTransactions.credited, rewardTransactions.reason);
      expect(rows.sort((a, b) => Number(b.credited) - Number(a.credited))).toEqual([
        { credited: true, reason: null, n: 200 },
        { credited: false, reason: 'daily_cap', n: 100 },
      ]);
      // Of each review and its repeat, whichever was handled first made the one decision.
      const pairs = duplicates.map((dup, i) => [ids[i * 15]!, dup] as const);
      const decided = await db()
        .select({ sourceEventId: rewardTransactions.sourceEventId })
        .from(rewardTransactions)
        .where(inArray(rewardTransactions.sourceEventId, pairs.flat()));
      const decidedIds = new Set(decided.map((r) => r.sourceEventId));
      expect(pairs.map(([a, b]) => Number(decidedIds.has(a)) + Number(decidedIds.has(b)))).toEqual(pairs.map(() => 1));
      distinct.push(...ids.filter((id, i) => i % 15 !== 0), ...[...decidedIds].filter((id): id is string => id !== null));
    } finally {
      await other.destroy();
      await second.close();
    }
  }, TIMEOUT);

  it('publishes each event once when the relay is killed after publishing and before marking sent', async () => {
    await producer.relay.destroy();
    const events = await emitBursts(20, 'relay');
    const relay = spawnScript('services/rewards/tests/fixtures/crashing-relay.ts', [], { ...rewardsEnv(sut), CRASH_AFTER_PUBLISHES: '60' });
    await relay.waitLine('crashing');
    expect((await relay.exited).signal).toBe('SIGKILL');
    // What the broker accepted before the crash reaches rewards, though no row is marked sent.
    await waitFor('the events accepted before the crash credited', async () => (await processedCount(db(), events.map((e) => e.id))) >= 60);
    const unsent = await db().select({ n: sql<number>`count(*)::int` }).from(producer.table).where(isNull(producer.table.publishedAt));
    expect(unsent[0]!.n).toBe(events.length);

    producer.relay.start();
    await waitProcessed(db(), events.map((e) => e.id));
    // JetStream dropped the re-published ids: the consumer saw each event exactly once.
    await new Promise((r) => setTimeout(r, 300));
    expect(events.map((e) => faults.deliveries.get(e.id))).toEqual(events.map(() => 1));
    await expectBooksBalanced();
  }, TIMEOUT);

  it('credits once when an instance is killed after committing and before acknowledging', async () => {
    const instance = spawnScript('services/rewards/tests/fixtures/rewards-instance.ts', [], { ...rewardsEnv(sut), CRASH_AFTER_CREDITS: '40' });
    await instance.waitLine('ready');
    const events = await emitBursts(30, 'killed');
    const crashLine = await instance.waitLine('crashing', 30_000);
    expect((await instance.exited).signal).toBe('SIGKILL');
    const committedUnacked = crashLine.split(' ')[1]!;

    await waitProcessed(db(), events.map((e) => e.id), 30_000);
    // Redelivered to the surviving instance after the ack wait, and found already handled.
    await waitFor('the unacknowledged event redelivered', () => (faults.deliveries.get(committedUnacked) ?? 0) >= 1, 15_000);
    const [row] = await db().select().from(rewardTransactions).where(eq(rewardTransactions.sourceEventId, committedUnacked));
    expect(row?.credited).toBe(true);
    await expectBooksBalanced();
  }, TIMEOUT);

  it('changes nothing when the whole range is replayed after the broker lost the stream', async () => {
    await loseStream(natsUrl(), sut.config.bus.stream);
    const before = new Map(faults.deliveries);
    const { events, replayed } = await replayProducerOutbox(sut, startedAt, new Date());
    const [outboxRows] = await producer.database.db.select({ n: sql<number>`count(*)::int` }).from(producer.table);
    expect(replayed).toBe(outboxRows!.n);
    expect(events).toBe(outboxRows!.n);
    await waitFor('every replayed event delivered again', () => distinct.every((id) => (faults.deliveries.get(id) ?? 0) > (before.get(id) ?? 0)), 40_000, 100);
    await expectBooksBalanced();
  }, TIMEOUT);
});
