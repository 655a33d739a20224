import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { generateAssertionKeys } from '@freemarket/kit';
import { createTestDatabase, runTag, testBusNames, waitFor } from '@freemarket/testing';
import { treeStat } from '../gateway/cpu-time.js';
import { machineLine } from '../machine.js';
import { procStat } from '../proc-stat.js';
import { deliverAll, distinctEvents, schedule, type Sent } from './deliveries.js';
import { creditTimes, credits, decisions, insertPending, pointsOf, settlement, type PendingPayment } from './ledger.js';
import { Platform, type ServiceName } from './platform.js';

/**
 * Payments benchmark (issue 24): signed Stripe webhook deliveries through the gateway of the whole
 * platform (every service its own process, Stripe configured by environment, real Postgres, NATS
 * and Redis). Pending card purchases are inserted into the commerce schema first, as checkout
 * leaves them; then one `payment_intent.succeeded` per payment is delivered, a third of the
 * deliveries repeating an event id, at a steady rate. It checks that every payment settled and was
 * credited exactly once, and prints the webhook's latency and the delay from the first delivery to
 * the rewards credit's row.
 *   flock /tmp/fm-bench.lock node --import tsx bench/payments/run.ts [--deliveries 20000] [--rate 200] [--warmup 1000]
 * LOG_LEVEL (the services', `info` as deployed), RATE_LIMIT_IP_PER_MINUTE (the gateway's budget per
 * address), DATABASE_URL / NATS_URL / REDIS_URL, GATEWAY_WORKERS (one per core unless set),
 * BENCH_CPU_PROF=<dir> (a V8 CPU profile of every process, one folder each).
 */
const { values: args } = parseArgs({
  options: { deliveries: { type: 'string', default: '20000' }, rate: { type: 'string', default: '200' }, warmup: { type: 'string', default: '1000' } },
});
const DELIVERIES = Number(args.deliveries);
const RATE = Number(args.rate);
const WARMUP = Number(args.warmup);
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
// Every delivery comes from this one address, as Stripe's come from a handful; the default budget (1,200 a minute) would refuse most.
const IP_RATE_LIMIT = process.env.RATE_LIMIT_IP_PER_MINUTE ?? '10000000';
const TARGET = { webhookP99Ms: 100, creditP99Ms: 500 };
/** How long after the last delivery the run waits for the last credit. */
const SETTLE_TIMEOUT_MS = 60_000;
/** The processes whose CPU a delivery costs: social consumes payment.succeeded too (paid tutorials). */
const METERED: ServiceName[] = ['gateway', 'commerce', 'rewards', 'social'];

if (!(DELIVERIES >= 3 && RATE > 0 && WARMUP >= 0)) throw new Error('--deliveries must be at least 3, --rate above 0, --warmup at least 0');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const count = (n: number) => n.toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** CPU ms so far of each metered process tree and of the Postgres backends serving the run's database. */
async function cpuNow(platform: Platform, probe: pg.Client, database: string): Promise<Map<string, number>> {
  const cpu = new Map<string, number>(METERED.map((name) => [name, treeStat(platform.pid(name)).cpuMs]));
  const { rows } = await probe.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  for (const { pid } of rows) cpu.set(`pg:${pid}`, treeStat(pid).cpuMs);
  // This process alone: its tree holds every service too.
  cpu.set('sender', procStat(process.pid)?.cpuMs ?? 0);
  return cpu;
}

/** CPU ms per delivery by part; a Postgres backend that came or went between the snapshots counts what it was seen to spend. */
function cpuPerDelivery(before: Map<string, number>, after: Map<string, number>, deliveries: number): string {
  const parts = new Map<string, number>();
  for (const [key, end] of after) {
    const part = key.startsWith('pg:') ? 'postgres' : key;
    parts.set(part, (parts.get(part) ?? 0) + end - (before.get(key) ?? 0));
  }
  const total = [...parts.values()].reduce((a, b) => a + b, 0);
  return `${[...parts].map(([part, cpu]) => `${part} ${(cpu / deliveries).toFixed(2)}`).join(', ')} (total ${(total / deliveries).toFixed(2)} ms; NATS and Redis not counted)`;
}

async function deleteStream(stream: string): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    for await (const found of redis.scanStream({ match: `${prefix}*` }) as AsyncIterable<string[]>) if (found.length > 0) await redis.del(...found);
  } finally {
    await redis.quit();
  }
}

async function main(): Promise<void> {
  const machine = await machineLine();
  const loadBefore = loadavg()[0]!;
  const tag = runTag();
  const db = await createTestDatabase({ postgresUrl: POSTGRES_URL, natsUrl: NATS_URL, redisUrl: REDIS_URL });
  const bus = testBusNames(tag);
  const redisKeyPrefix = `fm:bench:${tag}:`;
  const webhookSecret = `whsec_bench_${randomBytes(24).toString('hex')}`;
  const platform = new Platform({
    databaseUrl: db.url,
    natsUrl: NATS_URL,
    redisUrl: REDIS_URL,
    bus,
    redisKeyPrefix,
    assertionKeys: await generateAssertionKeys(),
    stripe: {
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      // Nothing here calls Stripe's API (the intents exist already); a port nobody listens on keeps a stray call on this machine.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
    ipRateLimitPerMinute: IP_RATE_LIMIT,
    logLevel: LOG_LEVEL,
  });
  const probe = new pg.Client({ connectionString: db.url });
  // Interrupted, the run still stops what it started and drops its database.
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => void platform.stop().then(() => db.drop()).finally(() => process.exit(code)));
  }
  try {
    await platform.start();
    await probe.connect();
    const database = new URL(db.url).pathname.slice(1);

    const all: PendingPayment[] = [];
    if (WARMUP > 0) {
      const warm = await insertPending(probe, `${tag}_w`, distinctEvents(WARMUP));
      all.push(...warm);
      process.stdout.write(`Warm-up: ${count(WARMUP)} deliveries at ${RATE}/s… `);
      await Promise.race([platform.died, deliverAll(platform.url, webhookSecret, schedule(warm, WARMUP, `${tag}_w`, 1), RATE)]);
      // Measured from an empty pipeline: the warm-up's credits all written first.
      await Promise.race([platform.died, waitFor('the warm-up credited', async () => (await decisions(probe)) >= all.length, SETTLE_TIMEOUT_MS, 100)]);
      process.stdout.write('done\n');
    }
    const payments = await insertPending(probe, `${tag}_m`, distinctEvents(DELIVERIES));
    all.push(...payments);
    const deliveries = schedule(payments, DELIVERIES, `${tag}_m`, 2);
    process.stdout.write(`Measured: ${count(DELIVERIES)} deliveries (${count(payments.length)} events) at ${RATE}/s… `);
    const cpuBefore = await cpuNow(platform, probe, database);
    const { sent, seconds } = await Promise.race([platform.died, deliverAll(platform.url, webhookSecret, deliveries, RATE)]);
    // A delivery refused or lost leaves its payment pending for good: the checks below then say so.
    const decided = waitFor('every purchase decided by rewards', async () => (await decisions(probe)) >= all.length, SETTLE_TIMEOUT_MS, 100).catch(() => undefined);
    await Promise.race([platform.died, decided]);
    const cpuAfter = await cpuNow(platform, probe, database);
    process.stdout.write('done\n');
    // Late effects of a second delivery would land after the first's; a moment more lets any show.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const expectedPoints = all.reduce((sum, p) => sum + pointsOf(p), 0);
    report({ machine, loadBefore, events: all.length, payments, sent, seconds, expectedPoints, cpu: cpuPerDelivery(cpuBefore, cpuAfter, DELIVERIES) }, await settlement(probe), await credits(probe), await creditTimes(probe));
  } finally {
    await probe.end().catch(() => undefined);
    await platform.stop();
    await deleteStream(bus.stream);
    await dropRedisKeys(redisKeyPrefix);
    await db.drop();
  }
}

const WINDOW_S = 10;

/** The webhook's p99 in each WINDOW_S of the run, to tell a steady queue from bursts. */
function windows(answered: Sent[]): number[] {
  const start = answered.reduce((min, s) => Math.min(min, s.sentAt), Infinity);
  const byWindow: number[][] = [];
  for (const s of answered) (byWindow[Math.floor((s.sentAt - start) / (WINDOW_S * 1000))] ??= []).push(s.latencyMs);
  return byWindow.map((latencies) => spread(latencies).p99);
}

interface Run {
  machine: string;
  loadBefore: number;
  /** Distinct events delivered, warm-up included. */
  events: number;
  payments: PendingPayment[];
  sent: Sent[];
  seconds: number;
  expectedPoints: number;
  cpu: string;
}

function report(run: Run, settled: Awaited<ReturnType<typeof settlement>>, credited: Awaited<ReturnType<typeof credits>>, creditAt: Map<string, number>): void {
  const answered = run.sent.filter((s) => s.status >= 200 && s.status < 300);
  const failures = new Map<number, number>();
  for (const s of run.sent) if (s.status < 200 || s.status >= 300) failures.set(s.status, (failures.get(s.status) ?? 0) + 1);
  const webhook = spread(answered.map((s) => s.latencyMs));

  const firstSent = new Map<string, number>();
  for (const s of run.sent) {
    const id = s.delivery.payment.transactionId;
    firstSent.set(id, Math.min(firstSent.get(id) ?? Infinity, s.sentAt));
  }
  const delays = run.payments.flatMap((p) => (creditAt.has(p.transactionId) ? [creditAt.get(p.transactionId)! - firstSent.get(p.transactionId)!] : []));
  const credit = spread(delays);

  const settledOnce =
    settled.succeeded === run.events && settled.stillPending === 0 && settled.eventsRecorded === run.events && settled.announced === run.events && settled.announcedTransactions === run.events;
  const creditedOnce =
    credited.credited === run.events && credited.creditedPayments === run.events && credited.refused === 0 && credited.points === run.expectedPoints && credited.balances === run.expectedPoints;
  const webhookMet = failures.size === 0 && webhook.p99 <= TARGET.webhookP99Ms;
  const creditMet = delays.length === run.payments.length && credit.p99 <= TARGET.creditP99Ms;

  console.log(`\nMachine: ${run.machine}; load average (1 min) ${run.loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after; services LOG_LEVEL=${LOG_LEVEL}`);
  console.log(
    `Deliveries: ${count(run.sent.length)} in ${run.seconds.toFixed(1)} s (${(run.sent.length / run.seconds).toFixed(0)}/s), ${count(run.payments.length)} events, ` +
      `${count(run.sent.filter((s) => s.delivery.duplicate).length)} duplicates; answered 2xx ${count(answered.length)}, ` +
      `failed ${failures.size === 0 ? 0 : [...failures].map(([status, n]) => `${n} × ${status || 'no answer'}`).join(', ')}`,
  );
  console.log(`CPU ms per delivery: ${run.cpu}`);
  console.log(`\nAll ${count(run.events)} events of the run, warm-up included:`);
  console.log(
    `  commerce: ${count(settled.succeeded)} succeeded, ${count(settled.stillPending)} pending, ${count(settled.eventsRecorded)} event ids recorded, ` +
      `${count(settled.announced)} payment.succeeded for ${count(settled.announcedTransactions)} transactions`,
  );
  console.log(
    `  rewards: ${count(credited.credited)} purchase credits for ${count(credited.creditedPayments)} payments, ${count(credited.refused)} refused, ` +
      `${count(credited.points)} points (balances ${count(credited.balances)}; whole dollars paid: ${count(run.expectedPoints)})`,
  );
  console.log(`\nWebhook through the gateway (ms): p50 ${ms(webhook.p50)}, p95 ${ms(webhook.p95)}, p99 ${ms(webhook.p99)}, max ${ms(webhook.max)}`);
  console.log(`  p99 by ${WINDOW_S} s of sending: ${windows(answered).map(ms).join(', ')}`);
  console.log(`First delivery → credit row (ms): p50 ${ms(credit.p50)}, p95 ${ms(credit.p95)}, p99 ${ms(credit.p99)}, max ${ms(credit.max)} (${count(delays.length)} of ${count(run.payments.length)} payments)`);
  console.log('');
  console.log(`${verdict(settledOnce)}  every transaction settled exactly once (succeeded = distinct events, one payment.succeeded each)`);
  console.log(`${verdict(creditedOnce)}  every purchase credited exactly once (credits = distinct payments, points = whole dollars)`);
  console.log(`${verdict(webhookMet)}  webhook p99 ${ms(webhook.p99)} ms ≤ ${TARGET.webhookP99Ms} ms at ${RATE}/s, no failed delivery`);
  console.log(`${verdict(creditMet)}  webhook → credited p99 ${ms(credit.p99)} ms ≤ ${TARGET.creditP99Ms} ms`);
  if (!(settledOnce && creditedOnce && webhookMet && creditMet)) process.exitCode = 1;
}

await main();
