import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { NatsBus } from '@freemarket/bus';
import { RedisSessionStore, Sessions, loadGatewayConfig } from '@freemarket/gateway';
import { generateAssertionKeys } from '@freemarket/kit';
import { createTestDatabase, freePort, runTag, testBusNames, waitFor, type TestDatabase } from '@freemarket/testing';
import { machineLine } from '../machine.js';
import type { LoadMember, MemoryReport, PhaseStats } from './ipc.js';
import { infraCpuMs, postgresTransactions } from './infra-cpu.js';
import { BenchProcess } from './processes.js';

/**
 * Messaging benchmark: CLIENTS signed-in socket.io clients through the gateway, spread over two
 * messaging instances joined by the Redis adapter; pairs of them exchange RATE messages a second
 * in total, posted through the gateway, for DURATION seconds. Real Postgres, NATS and Redis.
 * `flock /tmp/fm-bench.lock node --import tsx bench/messaging/run.ts`; BENCH_CLIENTS, BENCH_RATE,
 * BENCH_DURATION, BENCH_WARMUP (s), BENCH_GATEWAYS (default 2, the issue's setup: each gateway
 * fronts one instance, so every message crosses instances; 1 needs a gateway that balances over
 * several MESSAGING_URLs), LOG_LEVEL and DATABASE_URL / NATS_URL / REDIS_URL tune it.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'http://localhost:5000';
const TARGET = { p99Ms: 50, lost: 0, heapPerIdleConnectionBytes: 15 * 1024 };

const children: BenchProcess[] = [];
const start = (name: string, script: string, env: Record<string, string>) => {
  const child = BenchProcess.start(name, script, env);
  children.push(child);
  return child;
};

/** Whether this gateway build takes a comma-separated list of upstreams (round robin). */
function gatewayBalances(privateKeyPem: string): boolean {
  try {
    loadGatewayConfig({ ASSERTION_PRIVATE_KEY: privateKeyPem, MESSAGING_URL: 'http://127.0.0.1:1,http://127.0.0.1:2' });
    return true;
  } catch {
    return false;
  }
}

async function seedMembers(db: TestDatabase, bus: { stream: string; subjectPrefix: string }, ids: string[]): Promise<void> {
  const nats = await NatsBus.connect({ servers: NATS_URL, ...bus });
  try {
    for (let i = 0; i < ids.length; i += 100) {
      await Promise.all(
        ids.slice(i, i + 100).map((id, j) =>
          nats.publish({
            id: crypto.randomUUID(),
            type: 'user.upserted',
            occurredAt: new Date().toISOString(),
            producer: 'bench',
            data: { id, email: `${id}@bench.example`, firstName: `Member${i + j}`, lastName: 'Bench', profileImageUrl: null },
          }),
        ),
      );
    }
  } finally {
    await nats.close();
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await waitFor('the members in messaging.users', async () => Number((await client.query('select count(*) from messaging.users')).rows[0].count) === ids.length, 120_000, 200);
  } finally {
    await client.end();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const pctOfCore = (msPerS: number) => `${(msPerS / 10).toFixed(0)}%`;

async function main(): Promise<void> {
  const tag = runTag();
  const bus = testBusNames(tag);
  const messagingPrefix = `fm:bench:msg:${tag}:`;
  const gatewayPrefix = `fm:bench:gw:${tag}:`;
  const keys = await generateAssertionKeys();
  const db = await createTestDatabase({ postgresUrl: POSTGRES_URL, natsUrl: NATS_URL, redisUrl: REDIS_URL });
  const redis = new Redis(REDIS_URL);
  try {
    const messagingEnv = {
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      NATS_URL,
      REDIS_URL,
      BUS_STREAM: bus.stream,
      BUS_SUBJECT_PREFIX: bus.subjectPrefix,
      REDIS_KEY_PREFIX: messagingPrefix,
      ASSERTION_PUBLIC_KEY: keys.publicKeyPem,
      PUBLIC_URL,
      LOG_LEVEL,
    };
    const messagingPorts = [await freePort(), await freePort()];
    const instances = messagingPorts.map((port, i) => start(`messaging-${i + 1}`, './messaging-instance.ts', { ...messagingEnv, PORT: String(port) }));
    // One instance first: both migrate under an advisory lock, but one at a time starts quicker.
    await Promise.all(instances.map((p) => p.next('ready', 120_000)));
    const messagingUrls = messagingPorts.map((port) => `http://127.0.0.1:${port}`);

    const balances = gatewayBalances(keys.privateKeyPem);
    const gatewayCount = Number(process.env.BENCH_GATEWAYS ?? 2);
    if (gatewayCount === 1 && !balances) throw new Error('BENCH_GATEWAYS=1 needs a gateway that balances over several MESSAGING_URLs');
    const gatewayPorts = await Promise.all(Array.from({ length: gatewayCount }, () => freePort()));
    const gateways = gatewayPorts.map((port, i) =>
      start(`gateway-${i + 1}`, './gateway-instance.ts', {
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL,
        REDIS_URL,
        REDIS_KEY_PREFIX: gatewayPrefix,
        ASSERTION_PRIVATE_KEY: keys.privateKeyPem,
        // One gateway balances over both instances; two gateways front one instance each.
        MESSAGING_URL: gatewayCount === 1 ? messagingUrls.join(',') : messagingUrls[i]!,
        LOG_LEVEL,
        // Every client comes from one address here; the limits stay on but roomy.
        RATE_LIMIT_PER_MINUTE: '100000',
        RATE_LIMIT_IP_PER_MINUTE: '10000000',
        RATE_LIMIT_POSTING_PER_MINUTE: '10000000',
      }),
    );
    await Promise.all(gateways.map((p) => p.next('ready', 60_000)));
    const gatewayUrls = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);

    const ids = Array.from({ length: CLIENTS }, (_, i) => `bench-${tag}-${i}`);
    process.stdout.write(`seeding ${CLIENTS} members… `);
    await seedMembers(db, bus, ids);
    const sessions = new Sessions(new RedisSessionStore(redis, gatewayPrefix), { idleTimeoutMs: 3_600_000, absoluteTimeoutMs: 3_600_000 });
    const members: LoadMember[] = await Promise.all(ids.map(async (id, i) => ({ id, cookie: `fm.sid=${await sessions.create(id)}`, gateway: i % gatewayCount })));

    const load = start('load', './load.ts', {});
    await load.next('ready', 60_000);
    const servers = [...instances, ...gateways];
    const idle = async () => Promise.all(servers.map((p) => p.memory()));
    const before = await idle();
    process.stdout.write(`connecting ${CLIENTS} sockets… `);
    load.send({ type: 'connect', plan: { gateways: gatewayUrls, origin: PUBLIC_URL, members } });
    const connected = await load.next('connected', 300_000);
    if (connected.failed > 0) throw new Error(`${connected.failed} sockets failed to connect`);
    await new Promise((r) => setTimeout(r, 3000));
    const after = await idle();
    // Idle CPU with every socket open: what the sockets cost before a single message.
    const idleStart = await Promise.all([...servers, load].map((p) => p.memory()));
    await new Promise((r) => setTimeout(r, 5000));
    const idleCpuMsPerS = (await Promise.all([...servers, load].map((p) => p.memory()))).map((m, i) => (m.cpuMs - idleStart[i]!.cpuMs) / 5);

    const runPhase = async (seconds: number): Promise<PhaseStats> => {
      const result = load.next('result', (seconds + 120) * 1000);
      load.send({ type: 'run', seconds, rate: RATE, graceSeconds: 10 });
      return (await result).stats;
    };
    if (WARMUP > 0) {
      process.stdout.write(`warm-up ${WARMUP}s… `);
      await runPhase(WARMUP);
    }
    process.stdout.write(`measuring ${DURATION}s… `);
    const everyone = [...servers, load];
    const database = new URL(db.url).pathname.slice(1);
    const transactionsBefore = await postgresTransactions(POSTGRES_URL, database);
    const infraBefore = await infraCpuMs(database);
    const cpuBefore = await Promise.all(everyone.map((p) => p.memory()));
    const stats = await runPhase(DURATION);
    const infraAfter = await infraCpuMs(database);
    const peaks = await Promise.all(everyone.map(async (p, i) => [p.name, await p.memory(), cpuBefore[i]!.cpuMs] as const));
    // Backends report their counts about once a second.
    await new Promise((r) => setTimeout(r, 1500));
    const transactions = (await postgresTransactions(POSTGRES_URL, database)) - transactionsBefore;
    process.stdout.write('done\n');
    const infra = Object.fromEntries(Object.entries(infraAfter).map(([k, v]) => [k, v - (infraBefore[k] ?? 0)]));
    report({ stats, connected, before, after, peaks, idleCpuMsPerS, infra, transactions, gatewayCount, servers: servers.map((s) => s.name), machine: await machineLine() });
  } finally {
    await Promise.allSettled(children.map((c) => c.stop()));
    await cleanUp(db, redis, [messagingPrefix, gatewayPrefix], bus.stream);
  }
}

interface Report {
  stats: PhaseStats;
  connected: { connected: number; ms: number };
  before: MemoryReport[];
  after: MemoryReport[];
  /** Name, memory at the end, and CPU time used before the measured phase. */
  peaks: ReadonlyArray<readonly [string, MemoryReport, number]>;
  /** CPU ms per second of each process (servers, then load) with every socket open and no traffic. */
  idleCpuMsPerS: number[];
  /** CPU ms of Postgres (this run's backends), redis-server and nats-server during the measured phase. */
  infra: Record<string, number>;
  /** Postgres transactions in this run's database during the measured phase (and about a second after). */
  transactions: number;
  gatewayCount: number;
  servers: string[];
  machine: string;
}

function report(r: Report): void {
  const { stats } = r;
  const perConnection = r.servers.map((name, i) => {
    // Each messaging instance holds half the sockets; each gateway the share routed through it.
    const sockets = name.startsWith('messaging') ? r.connected.connected / 2 : r.connected.connected / r.gatewayCount;
    return [name, (r.after[i]!.heapUsed - r.before[i]!.heapUsed) / sockets] as const;
  });
  const perMessage = (cpuMs: number) => `${(cpuMs / Math.max(1, stats.accepted)).toFixed(2)} ms`;
  const heapOf = (name: string) => {
    const found = perConnection.find(([n]) => n === name);
    return found ? kb(found[1]) : '—';
  };
  const messagingHeap = Math.max(...perConnection.filter(([n]) => n.startsWith('messaging')).map(([, v]) => v));
  console.log(`
Machine: ${r.machine}; ${r.connected.connected} clients (connected in ${(r.connected.ms / 1000).toFixed(1)} s), ${r.gatewayCount} gateway(s), 2 messaging instances with the Redis adapter, ${RATE} msg/s for ${DURATION} s after ${WARMUP} s warm-up, LOG_LEVEL=${LOG_LEVEL}

| delivery (POST → other socket) | p50 ms | p95 ms | p99 ms | max ms |
|---|---:|---:|---:|---:|
| ${stats.rate} msg/s achieved | ${stats.latency.p50} | ${stats.latency.p95} | ${stats.latency.p99} | ${stats.latency.max} |

Messages: ${stats.accepted} accepted, ${stats.delivered} delivered, **${stats.lost} lost**, ${stats.failed} POSTs failed. POST round trip p50 ${stats.postLatency.p50} ms, p99 ${stats.postLatency.p99} ms. Load process event-loop delay p99 ${stats.clientLoopDelayP99Ms} ms, max ${stats.clientLoopDelayMaxMs} ms.

| process | heap per idle connection | peak RSS | CPU idle | CPU under load | CPU per message | event-loop delay p99 / max |
|---|---:|---:|---:|---:|---:|---:|
${r.peaks.map(([name, m, cpuBefore], i) => `| ${name} | ${heapOf(name)} | ${mb(m.maxRss)} | ${pctOfCore(r.idleCpuMsPerS[i]!)} | ${pctOfCore((m.cpuMs - cpuBefore) / DURATION)} | ${perMessage(m.cpuMs - cpuBefore)} | ${m.loopDelay.p99Ms.toFixed(1)} / ${m.loopDelay.maxMs.toFixed(1)} ms |`).join('\n')}
${Object.entries(r.infra).map(([name, ms]) => `| ${name}${name === 'postgres' ? ' (this run\'s backends)' : ' (whole server)'} | — | — | — | ${pctOfCore(ms / DURATION)} | ${perMessage(ms)} | — |`).join('\n')}

Postgres: ${(r.transactions / Math.max(1, stats.accepted)).toFixed(2)} transactions per message (${r.transactions} in the measured phase).

Target: p99 ≤ ${TARGET.p99Ms} ms, ${TARGET.lost} lost, ≤ ${kb(TARGET.heapPerIdleConnectionBytes)} heap per idle connection (messaging).`);
  const met = stats.latency.p99 <= TARGET.p99Ms && stats.lost === TARGET.lost && stats.failed === 0 && messagingHeap <= TARGET.heapPerIdleConnectionBytes;
  console.log(met ? 'Target met.' : 'Target MISSED.');
  if (!met) process.exitCode = 1;
}

async function cleanUp(db: TestDatabase, redis: Redis, prefixes: string[], stream: string): Promise<void> {
  try {
    for (const prefix of prefixes) {
      const found = redis.scanStream({ match: `${prefix}*`, count: 1000 });
      for await (const keys of found as AsyncIterable<string[]>) if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    await redis.quit();
    await db.drop().catch((err: unknown) => console.error('dropping the database failed', err));
    await deleteStream(stream);
  }
}

/** The run's own JetStream stream would otherwise stay on the server. */
async function deleteStream(stream: string): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}

await main();
