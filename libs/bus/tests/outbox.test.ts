import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase, inTransaction, type Database } from '@freemarket/db';
import { createTestDatabase, startPrivateNatsServer, testBusNames, testInfra, waitFor, type PrivateServer, type TestDatabase } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import type { Envelope } from '@freemarket/contracts';
import { handleOnce, NatsBus, Outbox, OutboxRelay, replayOutbox, type EventBus, type Subscription } from '../src/index.js';
import { outbox, processedEvents, tallies } from './fixtures/schema.js';

const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });
const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const infra = testInfra();

let testDb: TestDatabase;
let database: Database;
const producer = new Outbox(outbox, 'bus-test');

beforeAll(async () => {
  testDb = await createTestDatabase(infra);
  database = await openDatabase({ url: testDb.url });
  await database.migrate({ migrationsFolder, schema: 'bus_test' });
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

/** Writes `n` review.created events, each in its own committed transaction. */
async function commitEvents(n: number, tag: string): Promise<Envelope<'review.created'>[]> {
  const written: Envelope<'review.created'>[] = [];
  for (let i = 0; i < n; i++) {
    written.push(
      await inTransaction(database.db, (tx) =>
        producer.enqueue(tx, 'review.created', { reviewId: crypto.randomUUID(), reviewerId: `${tag}-${i}`, revieweeId: 'someone', rating: 5 }),
      ),
    );
  }
  return written;
}

/** A consumer that adds one to a tally per reviewer, exactly once per event. */
function tallyConsumer(bus: EventBus, consumer: string, seen: string[]): Promise<Subscription> {
  return bus.consume({
    consumer,
    type: 'review.created',
    maxDeliver: 10,
    handle: (event) => {
      seen.push(event.id);
      return handleOnce(database.db, processedEvents, consumer, event, async (tx) => {
        await tx
          .insert(tallies)
          .values({ key: event.data.reviewerId, count: 1 })
          .onConflictDoUpdate({ target: tallies.key, set: { count: sql`${tallies.count} + 1` } });
      });
    },
  });
}

async function tally(prefix: string): Promise<{ keys: number; total: number }> {
  const [row] = await database.db
    .select({ keys: count(), total: sql<number>`coalesce(sum(${tallies.count}), 0)::int` })
    .from(tallies)
    .where(sql`${tallies.key} like ${`${prefix}-%`}`);
  return { keys: row!.keys, total: row!.total };
}

needs('nats', 'events relayed through JetStream, delivered and redelivered').describe('transactional outbox', () => {
  let bus: NatsBus;
  let relay: OutboxRelay;

  beforeAll(async () => {
    bus = await NatsBus.connect({ servers: infra.natsUrl!, ...testBusNames(), logger });
    relay = new OutboxRelay({ db: database.db, table: outbox, bus, logger, pollIntervalMs: 100 });
  });
  afterAll(async () => {
    await relay?.destroy();
    await bus?.close();
  });

  it('publishes nothing for a transaction that rolled back', async () => {
    const seen: string[] = [];
    const sub = await tallyConsumer(bus, 'rollback-consumer', seen);
    await expect(
      inTransaction(database.db, async (tx) => {
        await producer.enqueue(tx, 'review.created', { reviewId: crypto.randomUUID(), reviewerId: 'rolled-back', revieweeId: 'x', rating: 4 });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const [committed] = await commitEvents(1, 'after-rollback');
    await relay.processAll();

    await waitFor('the committed event', () => seen.includes(committed!.id));
    // A new durable consumer reads the stream from its start: only this file's events are there.
    expect(seen).toEqual([committed!.id]);
    const rows = await database.db.select().from(outbox).where(sql`${outbox.envelope}->'data'->>'reviewerId' = 'rolled-back'`);
    expect(rows).toHaveLength(0);
    await sub.stop();
  });

  it('rejects an event whose data breaks its contract before anything is written', async () => {
    await expect(
      inTransaction(database.db, (tx) =>
        producer.enqueue(tx, 'review.created', { reviewId: 'not-a-uuid', reviewerId: 'r', revieweeId: 'x', rating: 9 }),
      ),
    ).rejects.toThrow();
  });

  it('has the same event delivered twice take effect once', async () => {
    const seen: string[] = [];
    const consumer = 'redelivery-consumer';
    const failedOnce = new Set<string>();
    const sub = await bus.consume({
      consumer,
      type: 'review.created',
      handle: async (event, delivery) => {
        seen.push(event.id);
        const outcome = await handleOnce(database.db, processedEvents, consumer, event, async (tx) => {
          await tx.insert(tallies).values({ key: event.data.reviewerId, count: 1 }).onConflictDoUpdate({ target: tallies.key, set: { count: sql`${tallies.count} + 1` } });
        });
        // As if the instance died after committing but before acking: the bus redelivers.
        if (event.data.reviewerId.startsWith('twice-') && !failedOnce.has(event.id) && delivery.attempt === 1) {
          failedOnce.add(event.id);
          return 'retry';
        }
        return outcome;
      },
    });
    const [event] = await commitEvents(1, 'twice');
    await relay.processAll();
    await waitFor('the redelivery', () => seen.filter((id) => id === event!.id).length >= 2, 15_000);
    expect(seen.filter((id) => id === event!.id)).toEqual([event!.id, event!.id]);
    expect(await tally('twice')).toEqual({ keys: 1, total: 1 });
    await sub.stop();
  });

  it('has two instances of one consumer share the work and handle each event once', async () => {
    const other = await NatsBus.connect({ servers: infra.natsUrl!, stream: bus.stream, subjectPrefix: bus.subjectPrefix, logger });
    const seenA: string[] = [];
    const seenB: string[] = [];
    const subA = await tallyConsumer(bus, 'shared-consumer', seenA);
    const subB = await tallyConsumer(other, 'shared-consumer', seenB);
    const events = await commitEvents(200, 'shared');
    await relay.processAll();
    await waitFor('200 tallies', async () => (await tally('shared')).total === 200, 20_000);
    expect(await tally('shared')).toEqual({ keys: 200, total: 200 });
    expect(seenA.length).toBeGreaterThan(0);
    expect(seenB.length).toBeGreaterThan(0);
    const ids = new Set(events.map((e) => e.id));
    expect([...seenA, ...seenB].filter((id) => ids.has(id)).sort()).toEqual([...ids].sort());
    await subA.stop();
    await subB.stop();
    await other.close();
  });

  it('builds a validated envelope without writing it, for producers that write the row themselves', async () => {
    const envelope = producer.envelope('review.created', { reviewId: crypto.randomUUID(), reviewerId: 'built', revieweeId: 'x', rating: 3 }, { traceparent: '00-abc-def-01' });
    expect(envelope).toMatchObject({ type: 'review.created', producer: 'bus-test', traceparent: '00-abc-def-01', data: { reviewerId: 'built' } });
    expect(() => producer.envelope('review.created', { reviewId: 'not-a-uuid', reviewerId: 'r', revieweeId: 'x', rating: 9 })).toThrow();
    const rows = await database.db.select().from(outbox).where(eq(outbox.id, envelope.id));
    expect(rows).toHaveLength(0);
  });

  it('has two relays draining one outbox at once publish every row once (SKIP LOCKED)', async () => {
    const published: string[] = [];
    const counting: EventBus = {
      kind: bus.kind,
      publish: async (event) => {
        published.push(event.id);
        await bus.publish(event);
      },
      consume: (spec) => bus.consume(spec),
      ping: () => bus.ping(),
      close: async () => undefined,
    };
    const relays = [0, 1].map(() => new OutboxRelay({ db: database.db, table: outbox, bus: counting, logger, batchSize: 10 }));
    await relay.processAll();
    const events = await commitEvents(100, 'two-relays');
    const counts = await Promise.all(relays.map((r) => r.processAll()));
    const ids = new Set(events.map((e) => e.id));
    expect(published.filter((id) => ids.has(id)).sort()).toEqual([...ids].sort());
    expect(counts[0]! + counts[1]!).toBe(100);
  });

  it('coalesces kicks: the commits of a burst are published by one or two passes, not one each', async () => {
    let transactions = 0;
    const counted = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') transactions += 1;
        return Reflect.get(target, prop, receiver);
      },
    });
    const coalescing = new OutboxRelay({ db: counted, table: outbox, bus, logger, pollIntervalMs: 60_000, coalesceMs: 300 });
    await relay.processAll();
    coalescing.start();
    await waitFor('the first pass', () => transactions === 1);
    await new Promise((r) => setTimeout(r, 50));
    const events = await commitEvents(20, 'burst');
    for (const _ of events) coalescing.kick();
    await waitFor('the burst published', async () => {
      const [row] = await database.db.select({ n: count() }).from(outbox).where(sql`${isNotNull(outbox.publishedAt)} and ${outbox.envelope}->'data'->>'reviewerId' like 'burst-%'`);
      return row!.n === 20;
    });
    await coalescing.destroy();
    expect(transactions - 1).toBeLessThanOrEqual(2);
  });

  it('replays a time range harmlessly: the stream is made whole, effects stay single', async () => {
    const seen: string[] = [];
    const sub = await tallyConsumer(bus, 'replay-consumer', seen);
    const from = new Date(Date.now() - 1000);
    const events = await commitEvents(20, 'replay');
    await relay.processAll();
    await waitFor('20 tallies', async () => (await tally('replay')).total === 20);
    const replayed = await replayOutbox({ db: database.db, table: outbox, bus, from, to: new Date() });
    expect(replayed).toBeGreaterThanOrEqual(20);
    await new Promise((r) => setTimeout(r, 500));
    expect(await tally('replay')).toEqual({ keys: 20, total: 20 });
    const ids = new Set(events.map((e) => e.id));
    expect(seen.filter((id) => ids.has(id)).length).toBeGreaterThanOrEqual(20);
    await sub.stop();
  });
});

needs('nats-server', 'a nats-server of its own, killed and restarted').describe('outbox relay during a broker outage', () => {
  let nats: PrivateServer;
  let bus: NatsBus;
  let relay: OutboxRelay;

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    bus = await NatsBus.connect({ servers: nats.url, ...testBusNames(), logger, requestTimeoutMs: 1000, reconnectTimeWaitMs: 200 });
  });
  afterAll(async () => {
    await relay?.destroy();
    await bus?.close();
    await nats?.dispose();
  });

  it('delivers every event written while NATS was down once it is back, none twice', async () => {
    const seen: string[] = [];
    const sub = await tallyConsumer(bus, 'outage-consumer', seen);
    relay = new OutboxRelay({ db: database.db, table: outbox, bus, logger, pollIntervalMs: 200 });
    relay.start();

    await nats.kill('SIGKILL');
    const written = await commitEvents(50, 'outage');
    for (const _ of written) relay.kick();
    await waitFor('a failed publish attempt', async () => {
      const [row] = await database.db.select({ n: count() }).from(outbox).where(sql`${outbox.attempts} > 0 and ${outbox.publishedAt} is null`);
      return row!.n > 0;
    });
    const [unpublished] = await database.db.select({ n: count() }).from(outbox).where(sql`${outbox.publishedAt} is null and ${outbox.envelope}->'data'->>'reviewerId' like 'outage-%'`);
    expect(unpublished!.n).toBe(50);

    await nats.restart();
    await waitFor('all 50 handled', async () => (await tally('outage')).total === 50, 30_000);
    await waitFor('all 50 marked published', async () => {
      const [row] = await database.db.select({ n: count() }).from(outbox).where(sql`${isNotNull(outbox.publishedAt)} and ${outbox.envelope}->'data'->>'reviewerId' like 'outage-%'`);
      return row!.n === 50;
    });
    expect(await tally('outage')).toEqual({ keys: 50, total: 50 });
    const processed = await database.db.select({ n: count() }).from(processedEvents).where(eq(processedEvents.consumer, 'outage-consumer'));
    expect(processed[0]!.n).toBe(50);
    expect(new Set(seen).size).toBe(50);
    await sub.stop();
  });
});
