import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isNotNull, isNull, sql } from 'drizzle-orm';
import { NatsBus } from '@freemarket/bus';
import type { Envelope } from '@freemarket/contracts';
import { startPrivateNatsServer, startServiceForTest, waitFor, type PrivateServer } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { createRewardsService, loadRewardsConfig } from '../src/index.js';
import { FaultInjectingBus } from './fixtures/fault-injecting-bus.js';
import type { AnyEvent } from './fixtures/producer/test-producer.js';
import { TestProducer } from './fixtures/producer/test-producer.js';
import {
  balances,
  ledgerAgreement,
  loseStream,
  memberBurst,
  replayProducerOutbox,
  testLogger,
  TEST_ACK_WAIT_MS,
  waitProcessed,
  type RewardsUnderTest,
} from './_util.js';

/** These tests kill and restart processes; a loaded machine makes them slow, not wrong. */
const TIMEOUT = 90_000;

let nats: PrivateServer;
let sut: RewardsUnderTest;
let faults: FaultInjectingBus;
let producerBus: NatsBus;
let producer: TestProducer;
const startedAt = new Date(Date.now() - 1000);
const expected = new Map<string, number>();
const written: Envelope[] = [];

const db = () => sut.service.runtime.db;

needs(['postgres', 'nats-server'], 'a nats-server killed and restarted, and the replay command on the same database').describe('NATS killed in the middle of a burst', () => {
  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    sut = await startServiceForTest({
      name: 'rewards',
      loadConfig: loadRewardsConfig,
      env: { NATS_URL: nats.url, REWARDS_ACK_WAIT_MS: String(TEST_ACK_WAIT_MS) },
      create: async (config, overrides) => {
        const bus = await NatsBus.connect({ servers: nats.url, stream: config.bus.stream, subjectPrefix: config.bus.subjectPrefix, logger: testLogger, reconnectTimeWaitMs: 200 });
        faults = new FaultInjectingBus(bus);
        return createRewardsService(config, { ...overrides, bus: faults });
      },
    });
    producerBus = await NatsBus.connect({
      servers: nats.url,
      stream: sut.config.bus.stream,
      subjectPrefix: sut.config.bus.subjectPrefix,
      logger: testLogger,
      requestTimeoutMs: 1000,
      reconnectTimeWaitMs: 200,
    });
    producer = await TestProducer.start({ databaseUrl: sut.db.url, bus: producerBus, logger: testLogger });
  });
  afterAll(async () => {
    await producer?.close();
    await sut?.stop();
    await faults?.close();
    await producerBus?.close();
    await nats?.dispose();
  });

  it('credits every one of 1,000 events exactly once after nats-server is SIGKILLed and restarted', async () => {
    const batches: AnyEvent[][] = [];
    for (let m = 0; m < 100; m++) {
      const userId = `dev-burst-${m}-${randomUUID().slice(0, 6)}`;
      const burst = memberBurst(userId);
      expected.set(userId, burst.points);
      batches.push(burst.events);
    }
    for (const [i, batch] of batches.entries()) {
      if (i === 40) await nats.kill('SIGKILL');
      if (i === 70) await nats.restart();
      written.push(...(await producer.emitMany(batch)));
      await new Promise((r) => setTimeout(r, i >= 40 && i < 70 ? 20 : 5));
    }
    expect(written).toHaveLength(1000);

    await waitProcessed(db(), written.map((e) => e.id), 60_000);
    await waitFor('every outbox row marked sent', async () => {
      const [row] = await producer.database.db.select({ n: sql<number>`count(*)::int` }).from(producer.table).where(isNull(producer.table.publishedAt));
      return row!.n === 0;
    }, 20_000);
    // The outage really hit the relay: some rows failed to publish before they went out.
    const [failed] = await producer.database.db.select({ n: sql<number>`count(*)::int` }).from(producer.table).where(isNotNull(producer.table.lastError));
    expect(failed!.n).toBeGreaterThan(0);
    expect(Object.fromEntries(await balances(db(), [...expected.keys()]))).toEqual(Object.fromEntries(expected));
    const ids = written.map((e) => e.id);
    expect(await ledgerAgreement(db(), ids)).toEqual({ outbox: 1000, processed: 1000, credits: 1000, orphans: 0 });
  }, TIMEOUT);

  it('changes nothing when the range is replayed after the crash lost the stream', async () => {
    await loseStream(nats.url, sut.config.bus.stream);
    const before = new Map(faults.deliveries);
    const { replayed } = await replayProducerOutbox(sut, startedAt, new Date(), nats.url);
    expect(replayed).toBe(1000);
    await waitFor('every replayed event delivered again', () => written.every((e) => (faults.deliveries.get(e.id) ?? 0) > (before.get(e.id) ?? 0)), 40_000, 100);
    expect(Object.fromEntries(await balances(db(), [...expected.keys()]))).toEqual(Object.fromEntries(expected));
    expect(await ledgerAgreement(db(), written.map((e) => e.id))).toEqual({ outbox: 1000, processed: 1000, credits: 1000, orphans: 0 });
  }, TIMEOUT);
});
