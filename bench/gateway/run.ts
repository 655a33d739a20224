import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { Redis } from 'ioredis';
import { AssertionSigner, IDENTITY_HEADER, generateAssertionKeys } from '@freemarket/kit';
import { RedisSessionStore, Sessions } from '@freemarket/gateway';
import { freePort, runTag, waitFor } from '@freemarket/testing';
import { machineLine } from '../machine.js';
import { processCount, sleepCount, treeStat } from './cpu-time.js';
import { startNginx } from './nginx.js';
import { startPackageScript } from '../start-script.js';

/**
 * Gateway benchmark: the same authenticated GET (a) straight to a service, (b) through nginx,
 * (c) through the gateway with a Redis session, assertions and rate limits on, (d) through a bare
 * Fastify + @fastify/http-proxy hop (bare-proxy.ts) with none of them. The gateway runs
 * exactly as its `npm start` runs it (the package's start script: node flags, telemetry preload,
 * `bin.ts`, GATEWAY_WORKERS processes, one per core unless set), and nginx gets as many worker
 * processes as the gateway (BENCH_NGINX_WORKERS overrides). Each target is warmed up once, then
 * measured BENCH_ROUNDS times in turn (a, b, c, a, b, c, …) and the median round is reported, so
 * a burst of other load on the machine skews one round, not one target.
 * `node --import tsx bench/gateway/run.ts`; BENCH_DURATION / BENCH_WARMUP (s), BENCH_ROUNDS,
 * BENCH_CONNECTIONS, GATEWAY_WORKERS, BENCH_NGINX_WORKERS, LOG_LEVEL (of the node processes; nginx
 * keeps an access log exactly when they log each request, at `info` and below), BENCH_SERVICE_NODE_ARGS
 * (node flags of the service alone, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'), BENCH_GATEWAY_NODE_ARGS (the same for the
 * gateway's processes, its workers included), BENCH_GATEWAY_SCRIPT_FLAGS (replaces the start script's own
 * node flags, '' for none, to compare them) and REDIS_URL tune it.
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
/** The Node processes log a line per request at `info` and below; nginx then writes its access log too. */
const REQUEST_LOGS = ['trace', 'debug', 'info'].includes(LOG_LEVEL);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const GATEWAY_WORKERS = Number(process.env.GATEWAY_WORKERS || availableParallelism());
const NGINX_WORKERS = Number(process.env.BENCH_NGINX_WORKERS || GATEWAY_WORKERS);
const PATH = '/api/rewards/balance';
const GATEWAY_NODE_ARGS = process.env.BENCH_GATEWAY_NODE_ARGS ?? '';
const GATEWAY_SCRIPT_FLAGS = process.env.BENCH_GATEWAY_SCRIPT_FLAGS;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const children: ChildProcess[] = [];
/** Children started in a process group of their own, stopped as a group. */
const groupLeaders = new Set<ChildProcess>();
let stopping = false;
let onChildExit: (message: string) => void = () => undefined;
/** Rejects as soon as a child dies before the end, instead of letting the health wait time out. */
const childDied = new Promise<never>((_, reject) => {
  onChildExit = (message) => reject(new Error(message));
});
childDied.catch(() => undefined);

function watch(name: string, child: ChildProcess): ChildProcess {
  children.push(child);
  child.once('exit', (code) => {
    if (!stopping) onChildExit(`${name} exited early with code ${code}`);
  });
  return child;
}

function startNode(script: string, env: Record<string, string>, nodeFlags: string[] = []): ChildProcess {
  return watch(script, spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] }));
}

/** The gateway as production starts it: its package's `start` script (see startPackageScript). */
async function startGateway(env: Record<string, string>): Promise<ChildProcess> {
  // Its own process group, so stopping it reaches every worker whether or not `sh` stays around.
  const child = await startPackageScript('gateway', { ...process.env, ...env }, GATEWAY_NODE_ARGS, { detached: true, scriptFlags: GATEWAY_SCRIPT_FLAGS });
  groupLeaders.add(child);
  return watch('gateway', child);
}

async function healthy(url: string): Promise<void> {
  await waitFor(`${url} to answer`, async () => (await fetch(url)).ok, 30_000, 100);
}

interface Round {
  result: Result;
  /** CPU microseconds per request spent by the proxy (nginx or gateway) and by the service. */
  proxyCpuUs: number | null;
  /** Minor page faults per request taken by the proxy. */
  proxyFaults: number | null;
  serviceCpuUs: number;
  /** The service's event-loop sleeps per request (see `sleepCount`). */
  serviceSleeps: number;
}

interface Target {
  label: string;
  url: string;
  headers: () => Promise<Record<string, string>>;
  /** The proxy's process, to charge its CPU time per request; null when going straight to the service. */
  proxyPid: number | null;
  rounds: Round[];
}

async function check(target: Target): Promise<void> {
  const res = await fetch(target.url, { headers: await target.headers() });
  const body = await res.text();
  if (res.status !== 200 || !body.includes('bench-user')) throw new Error(`${target.label}: sanity check failed: ${res.status} ${body}`);
}

async function run(target: Target, duration: number): Promise<Result> {
  return autocannon({ url: target.url, headers: await target.headers(), connections: CONNECTIONS, duration });
}

async function measureRound(target: Target, servicePid: number): Promise<Round> {
  const proxyBefore = target.proxyPid ? treeStat(target.proxyPid) : null;
  const serviceBefore = treeStat(servicePid);
  const sleepsBefore = sleepCount(servicePid);
  const result = await run(target, DURATION);
  const requests = Math.max(1, result.requests.total);
  const proxyAfter = target.proxyPid ? treeStat(target.proxyPid) : null;
  const cpuUs = (ms: number) => Math.round((ms * 1000) / requests);
  return {
    result,
    proxyCpuUs: proxyBefore && proxyAfter ? cpuUs(proxyAfter.cpuMs - proxyBefore.cpuMs) : null,
    proxyFaults: proxyBefore && proxyAfter ? Math.round(((proxyAfter.minorFaults - proxyBefore.minorFaults) / requests) * 100) / 100 : null,
    serviceCpuUs: cpuUs(treeStat(servicePid).cpuMs - serviceBefore.cpuMs),
    serviceSleeps: Math.round(((sleepCount(servicePid) - sleepsBefore) / requests) * 100) / 100,
  };
}

/** The middle value of `pick` over the rounds. */
function median(rounds: Round[], pick: (r: Round) => number): number {
  return [...rounds.map(pick)].sort((x, y) => x - y)[Math.floor(rounds.length / 2)]!;
}

function failures(target: Target): number {
  return target.rounds.reduce((sum, { result: x }) => sum + x.errors + x.timeouts + x.non2xx, 0);
}

function row(target: Target): string {
  const rps = (r: Round) => r.result.requests.average;
  const all = target.rounds.map((r) => Math.round(rps(r)).toLocaleString('en-US')).join(', ');
  const proxyCpu = target.proxyPid ? String(median(target.rounds, (r) => r.proxyCpuUs ?? 0)) : '–';
  const proxyFaults = target.proxyPid ? median(target.rounds, (r) => r.proxyFaults ?? 0).toFixed(2) : '–';
  return `| ${target.label} | ${Math.round(median(target.rounds, rps)).toLocaleString('en-US')} | ${all} | ${median(target.rounds, (r) => r.result.latency.p50)} | ${median(target.rounds, (r) => r.result.latency.p99)} | ${failures(target)} | ${proxyCpu} | ${proxyFaults} | ${median(target.rounds, (r) => r.serviceCpuUs)} | ${median(target.rounds, (r) => r.serviceSleeps).toFixed(2)} |`;
}

async function main(): Promise<void> {
  const keys = await generateAssertionKeys();
  const dir = await mkdtemp(join(tmpdir(), 'fm-bench-gateway-'));
  const redisPrefix = `fm:bench:${runTag()}:`;
  const redis = new Redis(REDIS_URL);
  try {
    const [servicePort, nginxPort, gatewayPort, bareProxyPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const serviceUrl = `http://127.0.0.1:${servicePort}`;
    const service = startNode(here('./service.ts'), { PORT: String(servicePort), ASSERTION_PUBLIC_KEY: keys.publicKeyPem, LOG_LEVEL }, (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean));
    const nginx = watch('nginx', await startNginx(dir, nginxPort, servicePort, NGINX_WORKERS, REQUEST_LOGS));
    const gateway = await startGateway({
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix,
      ASSERTION_PRIVATE_KEY: keys.privateKeyPem,
      REWARDS_URL: serviceUrl,
      LOG_LEVEL,
      // Every request comes from one address and one session here; the limits stay on but roomy.
      RATE_LIMIT_PER_MINUTE: '10000000',
      RATE_LIMIT_IP_PER_MINUTE: '10000000',
      GATEWAY_WORKERS: String(GATEWAY_WORKERS),
    });
    const bareProxy = startNode(here('./bare-proxy.ts'), { PORT: String(bareProxyPort), UPSTREAM: serviceUrl, WORKERS: String(GATEWAY_WORKERS), LOG_LEVEL });
    await Promise.race([
      childDied,
      Promise.all([
        healthy(`${serviceUrl}/healthz`),
        healthy(`http://127.0.0.1:${nginxPort}/healthz`),
        healthy(`http://127.0.0.1:${gatewayPort}/readyz`),
        healthy(`http://127.0.0.1:${bareProxyPort}/healthz`),
      ]),
    ]);

    const sessions = new Sessions(new RedisSessionStore(redis, redisPrefix), { idleTimeoutMs: 3_600_000, absoluteTimeoutMs: 3_600_000 });
    const cookie = `fm.sid=${await sessions.create('bench-user')}`;
    const signer = await AssertionSigner.fromPem(keys.privateKeyPem);
    // Signed right before each run: an assertion lives a minute (the signer reuses it for half of that).
    const assertion = async () => ({ [IDENTITY_HEADER]: await signer.sign({ userId: 'bench-user' }) });
    const targets: Target[] = [
      { label: '(a) direct to the service', url: `${serviceUrl}${PATH}`, headers: assertion, proxyPid: null, rounds: [] },
      { label: `(b) nginx (${NGINX_WORKERS} worker${NGINX_WORKERS === 1 ? '' : 's'}) → service`, url: `http://127.0.0.1:${nginxPort}${PATH}`, headers: assertion, proxyPid: nginx.pid!, rounds: [] },
      { label: `(c) gateway (${GATEWAY_WORKERS} worker${GATEWAY_WORKERS === 1 ? '' : 's'}) → service`, url: `http://127.0.0.1:${gatewayPort}${PATH}`, headers: async () => ({ cookie }), proxyPid: gateway.pid!, rounds: [] },
      { label: `(d) bare @fastify/http-proxy (${GATEWAY_WORKERS} worker${GATEWAY_WORKERS === 1 ? '' : 's'}) → service`, url: `http://127.0.0.1:${bareProxyPort}${PATH}`, headers: assertion, proxyPid: bareProxy.pid!, rounds: [] },
    ];
    // Every worker is up once the tree holds the primary and the workers (and `sh`, unless it exec'd).
    const gatewayProcesses = GATEWAY_WORKERS > 1 ? GATEWAY_WORKERS + 1 : 1;
    await waitFor('every gateway worker', async () => processCount(gateway.pid!) >= gatewayProcesses, 30_000, 100);
    for (const target of targets) {
      await check(target);
      console.log(`${target.label}: warm-up ${WARMUP}s`);
      if (WARMUP > 0) await run(target, WARMUP);
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const measured = await measureRound(target, service.pid!);
        target.rounds.push(measured);
        const { result } = measured;
        console.log(`round ${round} ${target.label}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, proxy CPU ${measured.proxyCpuUs ?? '–'} µs/req, proxy page faults ${measured.proxyFaults ?? '–'}/req, load average ${loadavg()[0]!.toFixed(2)}`);
      }
    }

    const rps = targets.map((t) => median(t.rounds, (r) => r.result.requests.average)) as [number, number, number, number];
    const [direct, viaNginx, viaGateway, viaBareProxy] = rps;
    const gatewayP99 = median(targets[2]!.rounds, (r) => r.result.latency.p99);
    console.log(`
Machine: ${await machineLine()}; ${CONNECTIONS} connections, ${WARMUP}s warm-up, ${ROUNDS} × ${DURATION}s measured, LOG_LEVEL=${LOG_LEVEL} (nginx access log ${REQUEST_LOGS ? 'on' : 'off'}), gateway workers ${GATEWAY_WORKERS}, nginx workers ${NGINX_WORKERS}, load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}

| path | requests/s (median) | each round | p50 ms | p99 ms | errors + timeouts + non-2xx | proxy CPU µs/req | proxy page faults/req | service CPU µs/req | service sleeps/req |
|---|---:|---|---:|---:|---:|---:|---:|---:|---:|
${targets.map(row).join('\n')}

(c)/(a) = ${(viaGateway / direct).toFixed(2)}   (c)/(b) = ${(viaGateway / viaNginx).toFixed(2)}   (c)/(d) = ${(viaGateway / viaBareProxy).toFixed(2)}   target: (c)/(b) ≥ 0.40, (c) ahead of (d), p99 ≤ 50 ms, zero failures
`);
    const met = viaGateway >= 0.4 * viaNginx && viaGateway > viaBareProxy && gatewayP99 <= 50 && failures(targets[2]!) === 0;
    console.log(met ? 'Target met.' : 'Target MISSED.');
    if (!met) process.exitCode = 1;
  } finally {
    stopChildren();
    const stream = redis.scanStream({ match: `${redisPrefix}*` });
    for await (const found of stream as AsyncIterable<string[]>) if (found.length > 0) await redis.del(...found);
    await redis.quit();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Stops the service, nginx and the gateway (their process groups where they lead one). */
function stopChildren(): void {
  stopping = true;
  for (const child of children) {
    if (groupLeaders.has(child) && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // The group is gone already.
      }
    } else child.kill('SIGTERM');
  }
}

// Interrupted (Ctrl-C, a timeout), the run still stops what it started: nginx would outlive it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopChildren();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

await main();
