import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import pino from 'pino';
import type { EventBus } from '@freemarket/bus';
import type { RewardBalance, RewardTransactionPage } from '@freemarket/contracts';
import { queryRows, type Db } from '@freemarket/db';
import { startServiceForTest, waitFor, type ServiceUnderTest } from '@freemarket/testing';
import { createRewardsService, loadRewardsConfig } from '../src/index.js';
import { processedEvents, rewards } from '../src/db/schema/index.js';
import { TestProducer } from './fixtures/producer/test-producer.js';

export { memberBurst } from './fixtures/producer/member-burst.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type RewardsUnderTest = ServiceUnderTest<Awaited<ReturnType<typeof createRewardsService>>>;

export const testLogger = pino({ level: process.env.TEST_LOG ?? 'silent' });

/** Short ack wait: a delivery lost with a killed instance comes back in seconds, not 30. */
export const TEST_ACK_WAIT_MS = 2000;

export function startRewards(env: Record<string, string> = {}): Promise<RewardsUnderTest> {
  return startServiceForTest({
    name: 'rewards',
    create: createRewardsService,
    loadConfig: loadRewardsConfig,
    env: { REWARDS_ACK_WAIT_MS: String(TEST_ACK_WAIT_MS), ...env },
  });
}

/** A producer with its outbox in the service's test database, relaying onto `bus` (the service's stream by default). */
export function startProducer(sut: RewardsUnderTest, bus: EventBus = sut.bus): Promise<TestProducer> {
  return TestProducer.start({ databaseUrl: sut.db.url, bus, logger: testLogger });
}

export async function balanceOf(sut: RewardsUnderTest, userId: string): Promise<RewardBalance> {
  const res = await fetch(`${sut.url}/api/rewards/balance`, { headers: await sut.as(userId) });
  if (res.status !== 200) throw new Error(`balance answered ${res.status}`);
  return (await res.json()) as RewardBalance;
}

export async function activityOf(sut: RewardsUnderTest, userId: string, query = ''): Promise<RewardTransactionPage> {
  const res = await fetch(`${sut.url}/api/rewards/transactions${query}`, { headers: await sut.as(userId) });
  if (res.status !== 200) throw new Error(`transactions answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as RewardTransactionPage;
}

/** Waits until the service has recorded every one of these events as processed. */
export async function waitProcessed(db: Db, eventIds: string[], timeoutMs = 20_000): Promise<void> {
  await waitFor(
    `${eventIds.length} events processed`,
    async () => (await processedCount(db, eventIds)) === eventIds.length,
    timeoutMs,
    50,
  );
}

export async function processedCount(db: Db, eventIds: string[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(processedEvents)
    .where(and(eq(processedEvents.consumer, 'rewards'), inArray(processedEvents.eventId, eventIds)));
  return row!.n;
}

/** Balances of these members, straight from the table (0 when absent). */
export async function balances(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const rows = await db.select({ userId: rewards.userId, balance: rewards.balance }).from(rewards).where(inArray(rewards.userId, userIds));
  const out = new Map(userIds.map((id) => [id, 0]));
  for (const r of rows) out.set(r.userId, r.balance);
  return out;
}

/**
 * The books of a run, for events that are each a distinct thing: every producer outbox row has
 * exactly one processed-event record and one reward transaction, and nothing else has either.
 */
export async function ledgerAgreement(db: Db, eventIds: string[]): Promise<{ outbox: number; processed: number; credits: number; orphans: number }> {
  const [row] = await queryRows<{ outbox: number; processed: number; credits: number; orphans: number }>(
    db,
    sql`select
      (select count(*)::int from test_producer.outbox where id = any(${sql.param(eventIds)}::uuid[])) as outbox,
      (select count(*)::int from rewards.processed_events where consumer = 'rewards' and event_id = any(${sql.param(eventIds)}::uuid[])) as processed,
      (select count(*)::int from rewards.reward_transactions where source_event_id = any(${sql.param(eventIds)}::uuid[])) as credits,
      (select count(*)::int from rewards.reward_transactions t
        where t.source_event_id is not null and not exists (select 1 from test_producer.outbox o where o.id = t.source_event_id)) as orphans`,
  );
  return row!;
}


/** A script of ours in its own process (tsx), its stdout collected line by line. */
export function spawnScript(path: string, args: string[], env: Record<string, string>): ScriptProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    lines,
    exited,
    stderr: () => stderr,
    waitLine: (prefix, timeoutMs = 20_000) =>
      waitFor(`a line starting '${prefix}' from ${path}`, () => {
        if (child.exitCode !== null || child.signalCode !== null) {
          const line = lines.find((l) => l.startsWith(prefix));
          if (line) return line;
          throw new Error(`${path} exited (${child.exitCode ?? child.signalCode}): ${stderr.slice(-2000)}`);
        }
        return lines.find((l) => l.startsWith(prefix));
      }, timeoutMs),
  };
}

export interface ScriptProcess {
  child: ChildProcess;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  waitLine(prefix: string, timeoutMs?: number): Promise<string>;
}

/** The environment a rewards process needs to join this test's service: same database, stream and key. */
export function rewardsEnv(sut: RewardsUnderTest, natsUrl = sut.config.bus.natsUrl ?? ''): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DB_MIGRATE: 'false',
    DATABASE_URL: sut.db.url,
    NATS_URL: natsUrl,
    BUS_STREAM: sut.config.bus.stream,
    BUS_SUBJECT_PREFIX: sut.config.bus.subjectPrefix,
    ASSERTION_PUBLIC_KEY: sut.config.auth.assertionPublicKey,
    REWARDS_ACK_WAIT_MS: String(TEST_ACK_WAIT_MS),
  };
}

/** Runs the operator's replay command (scripts/replay-outbox.ts) over the test producer's outbox. */
export async function replayProducerOutbox(sut: RewardsUnderTest, from: Date, to: Date, natsUrl?: string): Promise<{ events: number; replayed: number }> {
  const script = spawnScript('scripts/replay-outbox.ts', ['--service', 'test_producer', '--from', from.toISOString(), '--to', to.toISOString()], rewardsEnv(sut, natsUrl));
  const { code } = await script.exited;
  if (code !== 0) throw new Error(`replay-outbox failed (${code}): ${script.stderr()}`);
  return JSON.parse(script.lines.at(-1) ?? '{}') as { events: number; replayed: number };
}

/** As if the broker lost the stream (its store gone in a crash): messages and duplicate memory with it. */
export async function loseStream(natsUrl: string, stream: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream);
  } finally {
    await nc.close();
  }
}
