import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { postPageSchema, surveyResultsSchema } from '@freemarket/contracts';
import { encodeCursor, type TimeIdKey } from '@freemarket/db';
import { ASSERTION_TTL_SECONDS, AssertionSigner, IDENTITY_HEADER, generateAssertionKeys } from '@freemarket/kit';
import { freePort, waitFor } from '@freemarket/testing';
import { machineLine } from '../machine.js';
import { startPackageScript } from '../start-script.js';
import { measureCpu } from '../postgres-cpu.js';
import { BENCH_DATABASE_URL, ensureFeedData, memberId } from './generate.js';
import { httpLoad, sqlLoad, type Figures } from '../load.js';
import { cursorPage, offsetPage, type Statement } from './queries.js';

/**
 * Feed benchmark (issue 22): the social service in its own process, started as production starts
 * it, on its own database of generated posts, members and survey responses (generate.ts). Over HTTP
 * at 16 connections: the feed's first page, the page reached by cursor BENCH_DEPTH pages deep, and a
 * survey's results as its creator reads them. Then the deep page's statement straight on Postgres
 * from as many clients, keyed by the cursor and by OFFSET, for the ratio (the service has no OFFSET
 * path). Run it under the shared lock:
 *   flock /tmp/fm-bench.lock node --import tsx bench/feed/run.ts
 * BENCH_POSTS (1,000,000), BENCH_MEMBERS (50,000), BENCH_RESPONSES (10,000), BENCH_REGENERATE=1 (make
 * the data again), BENCH_DEPTH (500 pages), BENCH_PAGE (20), BENCH_CONNECTIONS (16), BENCH_DURATION
 * (15 s), BENCH_WARMUP (5 s), BENCH_DATABASE_URL, BENCH_SERVICE_NODE_ARGS (node flags of the service,
 * e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'), LOG_LEVEL (the service's, `info` as deployed),
 * BENCH_ONLY=results (the survey's results alone, at both connection counts: no feed pages, no SQL).
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const RESPONSES = Number(process.env.BENCH_RESPONSES ?? 10_000);
const REGENERATE = process.env.BENCH_REGENERATE === '1';
const DEPTH = Number(process.env.BENCH_DEPTH ?? 500);
const PAGE = Number(process.env.BENCH_PAGE ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const SERVICE_NODE_ARGS = process.env.BENCH_SERVICE_NODE_ARGS ?? '';
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
const ONLY = process.env.BENCH_ONLY ?? '';
if (ONLY !== '' && ONLY !== 'results') throw new Error(`BENCH_ONLY is 'results' or unset, not '${ONLY}'`);
const RESULTS_ONLY = ONLY === 'results';
/** Targets of issue 22. */
const TARGET = { pageP95Ms: 20, resultsP95Ms: 50, offsetOverCursor: 20 } as const;
/** Whose feed is read: any member sees the same public feed. */
const VIEWER = memberId(2);

// A measured run carries one identity assertion, which expires a minute after it is signed.
if (Math.max(DURATION, WARMUP) >= ASSERTION_TTL_SECONDS - 5) throw new Error(`BENCH_DURATION and BENCH_WARMUP must stay under ${ASSERTION_TTL_SECONDS - 5} s`);

interface HttpQuery {
  label: string;
  path: string;
  as: string;
  connections: number;
  /** Null for a figure printed alongside a target's, not held to one. */
  targetP95Ms: number | null;
}

interface Measured {
  figures: Figures;
  serviceMs: number;
  postgresMs: number;
}

async function startService(publicKeyPem: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: BENCH_DATABASE_URL, ASSERTION_PUBLIC_KEY: publicKeyPem, LOG_LEVEL };
  // Its own database and the in-process bus: the calls measured read Postgres and publish nothing.
  for (const name of ['NATS_URL', 'REDIS_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'DB_POOL_MAX']) delete env[name];
  const child = await startPackageScript('social', env, SERVICE_NODE_ARGS);
  const url = `http://127.0.0.1:${port}`;
  await waitFor('the social service to be ready', async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok, 60_000, 200);
  return { url, child };
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  const data = await ensureFeedData({ posts: POSTS, members: MEMBERS, responses: RESPONSES }, { regenerate: REGENERATE });
  // Other work on the machine shows in the figures; the load average before and after says how much.
  const loadBefore = loadavg()[0]!;
  const keys = await generateAssertionKeys();
  // A fresh signer per load: its assertion then lives the whole minute.
  const identity = async (userId: string) => ({ [IDENTITY_HEADER]: await (await AssertionSigner.fromPem(keys.privateKeyPem)).sign({ userId }) });
  const database = new URL(BENCH_DATABASE_URL).pathname.slice(1);
  const probe = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await probe.connect();
  const pool = new pg.Pool({ connectionString: BENCH_DATABASE_URL, max: CONNECTIONS });
  const { url, child } = await startService(keys.publicKeyPem);
  try {
    // The deep page follows the last post of page DEPTH: its cursor is that post's key.
    const skipped = DEPTH * PAGE;
    const last = (
      await probe.query<{ created_at: Date; id: string }>('select created_at, id from social.posts order by created_at desc, id desc offset $1 limit 1', [skipped - 1])
    ).rows[0];
    if (!last) throw new Error(`fewer than ${skipped} posts`);
    const key: TimeIdKey = { createdAt: last.created_at, id: last.id };
    const byCursor = cursorPage(key, PAGE);
    const byOffset = offsetPage(skipped, PAGE);
    const results = `GET /api/surveys/{id}/results (${RESPONSES.toLocaleString('en-US')} responses)`;
    const queries: HttpQuery[] = [
      { label: `GET /api/posts?limit=${PAGE} (first page)`, path: `/api/posts?limit=${PAGE}`, as: VIEWER, connections: CONNECTIONS, targetP95Ms: TARGET.pageP95Ms },
      {
        label: `GET /api/posts?limit=${PAGE}&cursor=… (page ${DEPTH + 1})`,
        path: `/api/posts?limit=${PAGE}&cursor=${encodeCursor(key)}`,
        as: VIEWER,
        connections: CONNECTIONS,
        targetP95Ms: TARGET.pageP95Ms,
      },
      { label: results, path: `/api/surveys/${data.surveyId}/results`, as: data.creatorId, connections: CONNECTIONS, targetP95Ms: TARGET.resultsP95Ms },
      // A survey's results are its creator's alone: one connection is what one reader asks of it.
      { label: `${results}, one connection`, path: `/api/surveys/${data.surveyId}/results`, as: data.creatorId, connections: 1, targetP95Ms: null },
    ];
    await sanityCheck(url, queries, identity, probe, [byCursor, byOffset]);
    const measured = RESULTS_ONLY ? queries.filter((q) => q.path.startsWith('/api/surveys/')) : queries;

    const http: Measured[] = [];
    for (const q of measured) {
      process.stdout.write(`${q.label}: warm-up ${WARMUP}s… `);
      if (WARMUP > 0) await httpLoad(url, [q.path], await identity(q.as), q.connections, WARMUP);
      process.stdout.write(`measuring ${DURATION}s… `);
      const headers = await identity(q.as);
      const spent = await measureCpu(child.pid!, probe, database, () => httpLoad(url, [q.path], headers, q.connections, DURATION));
      http.push({ figures: spent.result, serviceMs: spent.serviceMs / spent.result.count, postgresMs: spent.postgresMs / spent.result.count });
      process.stdout.write('done\n');
    }
    const sql: Measured[] = [];
    for (const [label, statement] of RESULTS_ONLY
      ? []
      : ([
          ['cursor', byCursor],
          ['OFFSET', byOffset],
        ] as const)) {
      process.stdout.write(`page ${DEPTH + 1} by ${label}, straight on Postgres: warm-up ${WARMUP}s… `);
      if (WARMUP > 0) await sqlLoad(pool, statement, CONNECTIONS, WARMUP);
      process.stdout.write(`measuring ${DURATION}s… `);
      const spent = await measureCpu(null, probe, database, () => sqlLoad(pool, statement, CONNECTIONS, DURATION));
      sql.push({ figures: spent.result, serviceMs: 0, postgresMs: spent.postgresMs / spent.result.count });
      process.stdout.write('done\n');
    }

    const setting = async (name: string) => (await probe.query<Record<string, string>>(`show ${name}`)).rows[0]![name]!;
    console.log(`\nLoad average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after.`);
    console.log(`Machine: ${await machineLine()}, Postgres ${await setting('server_version')} (shared_buffers ${await setting('shared_buffers')})`);
    console.log(
      `${POSTS.toLocaleString('en-US')} posts by ${MEMBERS.toLocaleString('en-US')} members; pages of ${PAGE}, the deep one after ${skipped.toLocaleString('en-US')} posts; ` +
        `a survey of 5 questions with ${RESPONSES.toLocaleString('en-US')} responses; ${CONNECTIONS} connections; ${WARMUP}s warm-up + ${DURATION}s measured each; ` +
        `service LOG_LEVEL=${LOG_LEVEL}, its default pool\n`,
    );
    console.log('| through the social service | connections | requests/s | p50 ms | p95 ms | p99 ms | failures | bytes/answer | CPU ms/request (service + Postgres) | target p95 | |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    measured.forEach((q, i) => {
      const { figures: f, serviceMs, postgresMs } = http[i]!;
      const target = q.targetP95Ms === null ? '– | –' : `≤ ${q.targetP95Ms} ms | ${verdict(f.failures === 0 && f.p95 <= q.targetP95Ms)}`;
      console.log(
        `| ${q.label} | ${q.connections} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${f.failures} | ${f.bytes.toFixed(0)} | ${serviceMs.toFixed(2)} + ${postgresMs.toFixed(2)} | ${target} |`,
      );
    });
    if (RESULTS_ONLY) return;
    console.log(`\n| page ${DEPTH + 1}, straight on Postgres (${CONNECTIONS} clients) | queries/s | p50 ms | p95 ms | p99 ms | Postgres CPU ms/query |`);
    console.log('|---|---:|---:|---:|---:|---:|');
    const [cursor, offset] = sql as [Measured, Measured];
    for (const [label, m] of [
      ['by cursor: (created_at, id) < key', cursor],
      [`by OFFSET ${skipped}`, offset],
    ] as const) {
      console.log(`| ${label} | ${m.figures.rps.toFixed(0)} | ${ms(m.figures.p50)} | ${ms(m.figures.p95)} | ${ms(m.figures.p99)} | ${m.postgresMs.toFixed(3)} |`);
    }
    const ratio = offset.figures.p95 / cursor.figures.p95;
    const [cursorRun, offsetRun] = [await executionMs(probe, byCursor), await executionMs(probe, byOffset)];
    console.log(
      `\nOFFSET / cursor at page ${DEPTH + 1}: p95 ${ratio.toFixed(1)}×, p50 ${(offset.figures.p50 / cursor.figures.p50).toFixed(1)}×, ` +
        `Postgres CPU a query ${(offset.postgresMs / cursor.postgresMs).toFixed(1)}×, execution alone ${(offsetRun / cursorRun).toFixed(0)}× ` +
        `(${cursorRun.toFixed(3)} against ${offsetRun.toFixed(3)} ms, median of ${EXECUTIONS} EXPLAIN ANALYZE); ` +
        `target p95 ≥ ${TARGET.offsetOverCursor}×: ${verdict(ratio >= TARGET.offsetOverCursor)}`,
    );
    for (const [label, statement] of [
      ['by cursor', byCursor],
      ['by OFFSET', byOffset],
    ] as const) {
      console.log(`\n#### page ${DEPTH + 1} ${label}\n\n\`\`\`\n${await explain(probe, statement)}\n\`\`\``);
    }
  } finally {
    child.kill('SIGTERM');
    await pool.end();
    await probe.end();
  }
}

/**
 * Every query answers before it is timed: the pages hold named posts, the deep page is the very page
 * the statements read (by cursor and by OFFSET alike), and the results count every response.
 */
async function sanityCheck(
  url: string,
  queries: HttpQuery[],
  identity: (userId: string) => Promise<Record<string, string>>,
  probe: pg.Client,
  statements: Statement[],
): Promise<void> {
  const get = async (q: HttpQuery) => {
    const res = await fetch(`${url}${q.path}`, { headers: await identity(q.as) });
    // Read whole: an unread answer holds its connection busy, and the service's graceful stop waits for it.
    const body = await res.text();
    if (!res.ok) throw new Error(`${q.label}: ${res.status} ${body}`);
    return JSON.parse(body) as unknown;
  };
  const [first, deep, results] = queries as [HttpQuery, HttpQuery, HttpQuery, HttpQuery];
  for (const q of [first, deep]) {
    const page = postPageSchema.parse(await get(q));
    if (page.items.length !== PAGE || !page.nextCursor) throw new Error(`${q.label}: ${page.items.length} posts, next cursor ${page.nextCursor}`);
    const unnamed = page.items.find((p) => p.user.firstName === null);
    if (unnamed) throw new Error(`${q.label}: post ${unnamed.id} has no author name (users projection)`);
  }
  const ids = postPageSchema.parse(await get(deep)).items.map((p) => p.id);
  for (const statement of statements) {
    const { rows } = await probe.query<{ id: string }>(statement.text, statement.values);
    const read = rows.slice(0, PAGE).map((r) => r.id);
    if (read.join() !== ids.join()) throw new Error(`the deep page over HTTP differs from ${statement.text}`);
  }
  const answered = surveyResultsSchema.parse(await get(results)).responseCount;
  if (answered !== RESPONSES) throw new Error(`${results.label}: ${answered} responses counted`);
}

/** How many times `executionMs` runs a statement. */
const EXECUTIONS = 51;

/**
 * The statement's execution time inside Postgres, without parsing, planning, the protocol or the
 * client: the median over EXECUTIONS runs of EXPLAIN (ANALYZE, TIMING OFF), which times the whole
 * plan once instead of every row.
 */
async function executionMs(client: pg.Client, statement: Statement): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < EXECUTIONS; i++) {
    const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`explain (analyze, timing off, format json) ${statement.text}`, statement.values);
    times.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  return times.sort((a, b) => a - b)[Math.floor(EXECUTIONS / 2)]!;
}

async function explain(client: pg.Client, statement: Statement): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.text}`, statement.values);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

await main();
