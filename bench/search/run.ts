import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { AssertionSigner, IDENTITY_HEADER, generateAssertionKeys } from '@freemarket/kit';
import { freePort, waitFor } from '@freemarket/testing';
import { DIRECTORY_POOL_MAX } from '@freemarket/directory';
import { machineLine } from '../machine.js';
import { procStat } from '../proc-stat.js';
import { startPackageScript } from '../start-script.js';
import { BENCH_DATABASE_URL, ensureBenchData } from './generate.js';
import { measureCpu } from './cpu.js';
import { httpLoad, sqlLoad, type Figures } from './load.js';
import { BENCH_VIEWER, benchQueries, CENTRES, type BenchQuery } from './queries.js';

/**
 * Search benchmark: the directory service (its own process, real Postgres) against N generated
 * profiles; each query at 16 connections over HTTP, then (after all of them, so their scans disturb none) the same questions written naively in
 * SQL for the ratio, then EXPLAIN (ANALYZE, BUFFERS) of each. Run it under the shared lock:
 *   flock /tmp/fm-bench.lock node --import tsx bench/search/run.ts
 * BENCH_PROFILES (1,000,000), BENCH_DURATION (15 s), BENCH_WARMUP (5 s), BENCH_CONNECTIONS (16),
 * BENCH_NAIVE_SECONDS (30), BENCH_POOL (DB_POOL_MAX of the service; unset, the directory's default), BENCH_ONLY (e.g. "ad"),
 * BENCH_PG_OPTIONS (session settings of the service's connections, '-c work_mem=32MB -c max_parallel_workers_per_gather=0 -c jit=off'),
 * BENCH_SERVICE_NODE_ARGS (node flags for the service alone, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'),
 * BENCH_MIGRATE (1: bring an existing database forward by newer migrations instead of generating it again).
 */
const PROFILES = Number(process.env.BENCH_PROFILES ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const NAIVE_SECONDS = Number(process.env.BENCH_NAIVE_SECONDS ?? 30);
const POOL = process.env.BENCH_POOL;
const ONLY = process.env.BENCH_ONLY ?? 'abcde';
const SERVICE_NODE_ARGS = process.env.BENCH_SERVICE_NODE_ARGS ?? '';
/** Session settings of the service's connections (libpq `options`), as the directory sets them itself (SEARCH_SESSION_SETTINGS). */
const PG_OPTIONS = process.env.BENCH_PG_OPTIONS ?? '-c work_mem=32MB -c max_parallel_workers_per_gather=0 -c jit=off';

interface Service {
  url: string;
  child: ChildProcess;
}

async function startService(publicKeyPem: string): Promise<Service> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: withOptions(BENCH_DATABASE_URL, PG_OPTIONS), ASSERTION_PUBLIC_KEY: publicKeyPem, LOG_LEVEL: 'warn' };
  if (POOL) env.DB_POOL_MAX = POOL;
  else delete env.DB_POOL_MAX;
  for (const name of ['NATS_URL', 'REDIS_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT']) delete env[name];
  // As production starts it: the package's start script, with the service's own node flags.
  const child = await startPackageScript('directory', env, SERVICE_NODE_ARGS);
  const url = `http://127.0.0.1:${port}`;
  await waitFor('the directory to be ready', async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok, 60_000, 200);
  return { url, child };
}

function withOptions(url: string, options: string): string {
  if (!options) return url;
  const u = new URL(url);
  u.searchParams.set('options', options);
  return u.toString();
}

async function explain(client: pg.Client, statement: { sql: string; params: unknown[] } | { text: string; values: unknown[] }): Promise<string> {
  const [text, values] = 'sql' in statement ? [statement.sql, statement.params] : [statement.text, statement.values];
  // Once to warm the cache (the naive scans before it have evicted much of it), then explained.
  await client.query(text, values);
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

async function main(): Promise<void> {
  await ensureBenchData(PROFILES);
  // Other work on the machine shows in the figures; the load average before and after says how much.
  const loadBefore = loadavg()[0]!;
  const keys = await generateAssertionKeys();
  // EXPLAIN runs with the service's session settings, or its bitmaps would go lossy where the service's do not.
  const client = new pg.Client({ connectionString: withOptions(BENCH_DATABASE_URL, PG_OPTIONS) });
  await client.connect();
  let service: Service | undefined;
  type Measured = { q: BenchQuery; http: Figures; cpuMs: { service: number; postgres: number }; faults: { service: number; postgres: number }; rssMb: number };
  const measuredHttp: Measured[] = [];
  const results: (Measured & { naive: Figures })[] = [];
  try {
    const tradesId = (await client.query<{ id: string }>(`select id from directory.skill_categories where name = 'Trades'`)).rows[0]!.id;
    const queries = benchQueries(tradesId).filter((q) => ONLY.includes(q.key));
    // An assertion lives a minute: a fresh one for every run.
    const headers = async () => ({ [IDENTITY_HEADER]: await (await AssertionSigner.fromPem(keys.privateKeyPem)).sign({ userId: BENCH_VIEWER }) });
    service = await startService(keys.publicKeyPem);
    const { url, child } = service;
    for (const q of queries) {
      let i = 0;
      const paths = () => q.path(i++);
      const check = await fetch(`${url}${q.path(0)}`, { headers: await headers() });
      // Read whole: an unread answer holds its connection busy, and the service's graceful stop waits for it.
      const checked = await check.text();
      if (!check.ok) throw new Error(`(${q.key}) sanity check failed: ${check.status} ${checked}`);
      process.stdout.write(`(${q.key}) warm-up ${WARMUP}s… `);
      if (WARMUP > 0) await httpLoad(url, paths, await headers(), CONNECTIONS, WARMUP);
      process.stdout.write(`measuring ${DURATION}s… `);
      const measured = await measureCpu(child.pid!, client, new URL(BENCH_DATABASE_URL).pathname.slice(1), async () => httpLoad(url, paths, await headers(), CONNECTIONS, DURATION));
      const http = measured.result;
      const cpuMs = { service: measured.serviceMs / http.count, postgres: measured.postgresMs / http.count };
      const faults = { service: measured.serviceFaults / http.count, postgres: measured.postgresFaults / http.count };
      process.stdout.write('done\n');
      measuredHttp.push({ q, http, cpuMs, faults, rssMb: (procStat(child.pid!)?.rssBytes ?? 0) / 2 ** 20 });
    }
    // The naive forms after every indexed one: their full scans evict the caches and leave the
    // machine busy, which would show in whichever indexed query is measured next.
    const naiveOf = new Map<string, Figures>();
    for (const m of measuredHttp) {
      let naive = naiveOf.get(m.q.key);
      if (!naive) {
        process.stdout.write(`(${m.q.key}) naive SQL up to ${NAIVE_SECONDS}s… `);
        let j = 0;
        naive = await sqlLoad(BENCH_DATABASE_URL, () => m.q.naive(j++), CONNECTIONS, NAIVE_SECONDS, CONNECTIONS * 4);
        naiveOf.set(m.q.key, naive);
        process.stdout.write('done\n');
      }
      results.push({ ...m, naive });
    }

    console.log(`\nLoad average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after.`);
    const setting = async (name: string) => (await client.query<Record<string, string>>(`show ${name}`)).rows[0]![name]!;
    // shared_buffers decides whether the working set is read from Postgres's cache or copied from the OS's.
    console.log(`Machine: ${await machineLine()}, Postgres ${await setting('server_version')} (shared_buffers ${await setting('shared_buffers')})`);
    console.log(`${PROFILES.toLocaleString('en-US')} profiles; ${CONNECTIONS} connections; ${WARMUP}s warm-up + ${DURATION}s measured per query; service DB_POOL_MAX=${POOL ?? `${DIRECTORY_POOL_MAX} (the directory's default)`}, options '${PG_OPTIONS}'; centres rotate over ${CENTRES.map((c) => c[0]).join(', ')}\n`);
    console.log('| query | requests/s | p50 ms | p95 ms | p99 ms | failures | bytes/response | CPU ms/request (service + Postgres) | page faults/request (service + Postgres) | service RSS MB | naive p50 ms | naive p95 ms | naive queries | naive/indexed p95 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const { q, http, naive, cpuMs, faults, rssMb } of results) {
      console.log(
        `| (${q.key}) ${q.label} | ${http.rps.toFixed(0)} | ${ms(http.p50)} | ${ms(http.p95)} | ${ms(http.p99)} | ${http.failures} | ${http.bytes.toFixed(0)} | ${cpuMs.service.toFixed(2)} + ${cpuMs.postgres.toFixed(2)} | ${faults.service.toFixed(1)} + ${faults.postgres.toFixed(1)} | ${rssMb.toFixed(0)} | ${ms(naive.p50)} | ${ms(naive.p95)} | ${naive.count} | ${(naive.p95 / http.p95).toFixed(0)}× |`,
      );
    }
    for (const { q } of results) {
      console.log(`\n#### (${q.key}) ${q.label}: the service's statement, centre ${CENTRES[0][0]}\n\n\`\`\`\n${await explain(client, q.statement(0))}\n\`\`\``);
      console.log(`\nNaive form:\n\n\`\`\`\n${await explain(client, q.naive(0))}\n\`\`\``);
    }
  } finally {
    service?.child.kill('SIGTERM');
    await client.end();
  }
}

await main();
