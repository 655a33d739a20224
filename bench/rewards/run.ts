import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { NatsBus } from '@freemarket/bus';
import { openDatabase, queryRows, type Database } from '@freemarket/db';
import { createLogger, generateAssertionKeys } from '@freemarket/kit';
import { createTestDatabase, freePort, testBusNames, waitFor } from '@freemarket/testing';
import { memberBurst } from '../../services/rewards/tests/fixtures/producer/member-burst.js';
import { TestProducer, type AnyEvent } from '../../services/rewards/tests/fixtures/producer/test-producer.js';
import { CpuMeter, formatCpu } from './cpu.js';

/**
 * Rewards benchmark, on real Postgres and NATS: the rewards service runs as its own process (as in
 * production); this process is the producer, writing reward events into its outbox and relaying
 * them. Phase 1 commits BENCH_EVENTS events as fast as it can and times until every one is
 * credited; phase 2 commits BENCH_RATE events/s for BENCH_STEADY_SECONDS and measures each
 * event's delay from the producer's commit to its credit.
 * `flock /tmp/fm-bench.lock node --import tsx bench/rewards/run.ts`; BENCH_WRITE_BATCH sets the
 * events per producer transaction in phase 1, BENCH_PROFILE=<dir> writes a CPU profile of the
 * service, and the service reads its usual environment (REWARDS_MAX_BATCH, REWARDS_MAX_PARALLEL, …).
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 20);
const WRITE_BATCH = Number(process.env.BENCH_WRITE_BATCH ?? 500);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const logger = createLogger('bench-rewards', LOG_LEVEL);

interface Workload {
  events: AnyEvent[];
  members: number;
  points: number;
}

/** Bursts of ten events (all kinds, under the caps) for EVENTS / 10 new members. */
function workload(count: number, tag: string): Workload {
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

async function credited(db: Database, tag: string): Promise<{ rows: number; points: number }> {
  const [row] = await queryRows<{ rows: number; points: number }>(
    db.db,
    sql`select count(*)::int as rows, coalesce(sum(amount), 0)::int as points from rewards.reward_transactions where user_id like ${`bench-${tag}-%`}`,
  );
  return row!;
}

async function unpublished(producer: TestProducer): Promise<number> {
  const [row] = await queryRows<{ n: number }>(producer.database.db, sql`select count(*)::int as n from test_producer.outbox where published_at is null`);
  return row!.n;
}

/** Phase 1: everything at once; events/s from the first commit until the last credit. */
async function throughput(producer: TestProducer, probe: Database, meter: () => Promise<CpuMeter>): Promise<void> {
  const work = workload(EVENTS, 'burst');
  const cpu = await meter();
  const started = performance.now();
  for (let i = 0; i < work.events.length; i += WRITE_BATCH) await producer.emitMany(work.events.slice(i, i + WRITE_BATCH));
  const written = performance.now();
  let relayed: number | undefined;
  await waitFor(
    'every burst event credited',
    async () => {
      if (relayed === undefined && (await unpublished(producer)) === 0) relayed = performance.now();
      return (await credited(probe, 'burst')).rows >= work.events.length;
    },
    600_000,
    100,
  );
  const done = performance.now();
  const totals = await credited(probe, 'burst');
  if (totals.points !== work.points) throw new Error(`points credited ${totals.points}, expected ${work.points}`);
  const secs = (done - started) / 1000;
  console.log(`\nPhase 1: ${work.events.length.toLocaleString('en-US')} events for ${work.members.toLocaleString('en-US')} members, committed ${WRITE_BATCH} per transaction`);
  console.log(`  all committed to the outbox after ${((written - started) / 1000).toFixed(2)} s; all published after ${(((relayed ?? done) - started) / 1000).toFixed(2)} s`);
  console.log(`  every balance credited after ${secs.toFixed(2)} s: ${Math.round(work.events.length / secs).toLocaleString('en-US')} events/s (points exact: ${totals.points.toLocaleString('en-US')})`);
  console.log(`  CPU per event (ms): ${formatCpu(await cpu.perEvent(work.events.length))}`);
}

/** Phase 2: a steady rate, one event per producer transaction; delay = credit row time − commit time. */
async function latency(producer: TestProducer, probe: Database, meter: () => Promise<CpuMeter>): Promise<void> {
  const work = workload(RATE * STEADY_SECONDS, 'steady');
  const cpu = await meter();
  const committedAt = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  let issued = 0;
  while (issued < work.events.length) {
    const due = Math.min(work.events.length, Math.floor(((Date.now() - started) * RATE) / 1000));
    for (; issued < due; issued++) {
      const p = producer.emitMany([work.events[issued]!]).then(([event]) => void committedAt.set(event!.id, Date.now()));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  const achieved = work.events.length / ((Date.now() - started) / 1000);
  await waitFor('every steady event credited', async () => (await credited(probe, 'steady')).rows >= work.events.length, 120_000, 100);

  const rows = await queryRows<{ id: string; at: number }>(
    probe.db,
    sql`select source_event_id::text as id, (extract(epoch from created_at) * 1000)::float8 as at from rewards.reward_transactions where user_id like 'bench-steady-%'`,
  );
  const delays = rows.map((r) => r.at - committedAt.get(r.id)!).sort((a, b) => a - b);
  const pct = (p: number) => delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)]!;
  console.log(`\nPhase 2: ${work.events.length.toLocaleString('en-US')} events at ${Math.round(achieved)} events/s, one per producer transaction`);
  console.log(`  commit → credited delay (ms): p50 ${pct(50).toFixed(0)}, p95 ${pct(95).toFixed(0)}, p99 ${pct(99).toFixed(0)}, max ${delays.at(-1)!.toFixed(0)}`);
  console.log(`  CPU per event (ms): ${formatCpu(await cpu.perEvent(work.events.length))}`);
}

async function cpuModel(): Promise<string> {
  const info = await readFile('/proc/cpuinfo', 'utf8').catch(() => '');
  return /model name\s*:\s*(.+)/.exec(info)?.[1]?.trim() ?? 'unknown';
}

async function main(): Promise<void> {
  console.log(`Machine: ${availableParallelism()} cores, ${await cpuModel()}, Node ${process.version}`);
  const testDb = await createTestDatabase({ postgresUrl: DATABASE_URL, natsUrl: NATS_URL, redisUrl: null });
  const names = testBusNames();
  const keys = await generateAssertionKeys();
  const port = await freePort();
  let service: ChildProcess | undefined;
  let bus: NatsBus | undefined;
  let producer: TestProducer | undefined;
  let probe: Database | undefined;
  try {
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    service = spawn(process.execPath, [...profile, '--import', 'tsx', 'services/rewards/src/bin.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL,
        DATABASE_URL: testDb.url,
        NATS_URL,
        BUS_STREAM: names.stream,
        BUS_SUBJECT_PREFIX: names.subjectPrefix,
        ASSERTION_PUBLIC_KEY: keys.publicKeyPem,
      },
    });
    await waitFor('the rewards service to be ready', async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 30_000, 200);
    bus = await NatsBus.connect({ servers: NATS_URL, stream: names.stream, subjectPrefix: names.subjectPrefix, logger });
    producer = await TestProducer.start({ databaseUrl: testDb.url, bus, logger, poolMax: 8 });
    probe = await openDatabase({ url: testDb.url, poolMax: 2 });
    // The machine is shared: the load around each phase says how much of it the run really had.
    console.log(`Load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const meter = () => CpuMeter.start({ servicePid: service!.pid!, database: probe!, databaseName: new URL(testDb.url).pathname.slice(1) });
    await throughput(producer, probe, meter);
    await latency(producer, probe, meter);
    console.log(`\nLoad average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await producer?.close();
    await probe?.close();
    if (service && service.exitCode === null) {
      const exited = new Promise((resolve) => service!.once('exit', resolve));
      service.kill('SIGTERM');
      await exited;
    }
    if (bus) {
      await bus.close();
    }
    await deleteStream(names.stream);
    await testDb.drop();
  }
}

async function deleteStream(stream: string): Promise<void> {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: NATS_URL });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

await main();
