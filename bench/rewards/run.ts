import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { NatsBus } from '@freemarket/bus';
import { openDatabase, type Database } from '@freemarket/db';
import { createLogger, generateAssertionKeys } from '@freemarket/kit';
import { createTestDatabase, freePort, testBusNames, waitFor } from '@freemarket/testing';
import { TestProducer } from '../../services/rewards/tests/fixtures/producer/test-producer.js';
import { machineLine } from '../machine.js';
import { CpuMeter } from './cpu.js';
import { backlog, latency, throughput, type PhaseContext } from './phases.js';

/**
 * Rewards benchmark, on real Postgres and NATS. The rewards service runs as its own process, as in
 * production; this process is the producer, committing reward events into its outbox and relaying
 * them to JetStream.
 * - Phase 1 commits BENCH_EVENTS events (BENCH_WRITE_BATCH per transaction) as fast as it can and
 *   times until every one is credited.
 * - Phase 2 commits BENCH_RATE events/s for BENCH_STEADY_SECONDS, one per transaction, and measures
 *   each event's delay from the producer's commit to its credit.
 * - Phase 3 (BENCH_BACKLOG events, 0 to skip) publishes while the service is down, then times the
 *   service alone draining the stream.
 *
 * `flock /tmp/fm-bench.lock node --import tsx bench/rewards/run.ts`. BENCH_PROFILE=<dir> writes a CPU
 * profile of the service; the service reads its usual environment (REWARDS_MAX_BATCH, …).
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 20);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 50_000);
const WRITE_BATCH = Number(process.env.BENCH_WRITE_BATCH ?? 500);
const RELAY_BATCH = Number(process.env.BENCH_RELAY_BATCH ?? 1000);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const logger = createLogger('bench-rewards', LOG_LEVEL);

/** The rewards service as a child process (services/rewards/src/bin.ts), to stop and start again. */
class ServiceProcess {
  private child: ChildProcess | undefined;

  constructor(
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get pid(): number {
    if (!this.child?.pid) throw new Error('the rewards service is not running');
    return this.child.pid;
  }

  async start(): Promise<number> {
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    this.child = spawn(process.execPath, [...profile, '--import', 'tsx', 'services/rewards/src/bin.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...this.env, HOST: '127.0.0.1', PORT: String(this.port), LOG_LEVEL },
    });
    await waitFor('the rewards service to be ready', async () => (await fetch(`http://127.0.0.1:${this.port}/readyz`)).ok, 30_000, 200);
    return this.pid;
  }

  /** SIGTERM: the service drains and exits, as at a deploy. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function deleteStream(stream: string): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

async function main(): Promise<void> {
  console.log(`Machine: ${await machineLine()}`);
  const testDb = await createTestDatabase({ postgresUrl: DATABASE_URL, natsUrl: NATS_URL, redisUrl: null });
  const names = testBusNames();
  const keys = await generateAssertionKeys();
  const service = new ServiceProcess(await freePort(), {
    DATABASE_URL: testDb.url,
    NATS_URL,
    BUS_STREAM: names.stream,
    BUS_SUBJECT_PREFIX: names.subjectPrefix,
    ASSERTION_PUBLIC_KEY: keys.publicKeyPem,
  });
  let bus: NatsBus | undefined;
  let producer: TestProducer | undefined;
  let probe: Database | undefined;
  try {
    await service.start();
    bus = await NatsBus.connect({ servers: NATS_URL, stream: names.stream, subjectPrefix: names.subjectPrefix, logger });
    producer = await TestProducer.start({ databaseUrl: testDb.url, bus, logger, poolMax: 8, batchSize: RELAY_BATCH });
    probe = await openDatabase({ url: testDb.url, poolMax: 2 });
    const databaseName = new URL(testDb.url).pathname.slice(1);
    const ctx: PhaseContext = { producer, probe, meter: () => CpuMeter.start({ servicePid: service.pid, database: probe!, databaseName }) };
    // The machine is shared: the load around each phase says how much of it the run really had.
    console.log(`Load average before: ${load()}`);
    await throughput(ctx, EVENTS, WRITE_BATCH);
    await latency(ctx, RATE, STEADY_SECONDS);
    if (BACKLOG > 0) await backlog(ctx, BACKLOG, WRITE_BATCH, service);
    console.log(`\nLoad average after: ${load()}`);
  } finally {
    await producer?.close();
    await probe?.close();
    await service.stop();
    await bus?.close();
    await deleteStream(names.stream);
    await testDb.drop();
  }
}

await main();
