import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import {
  EVENT_DAY_COUNT_MAX,
  EVENTS_LIMIT,
  PROJECT_CATEGORIES,
  PROJECT_STATUSES,
  PROJECTS_LIMIT,
  TUTORIALS_LIMIT,
  UPCOMING_EVENTS_LIMIT,
  communityEventPageSchema,
  eventDaysSchema,
  projectPageSchema,
  tutorialPageSchema,
} from '@freemarket/contracts';
import { ASSERTION_TTL_SECONDS, AssertionSigner, IDENTITY_HEADER, generateAssertionKeys } from '@freemarket/kit';
import { freePort, waitFor } from '@freemarket/testing';
import { machineLine } from '../machine.js';
import { startPackageScript } from '../start-script.js';
import { measureCpu } from '../postgres-cpu.js';
import { BENCH_DATABASE_URL, ensureSocialData, memberId, type Generated } from './generate.js';
import { httpLoad, type Figures } from '../load.js';

/**
 * Social benchmark (issue 23): the social service in its own process, started as production starts
 * it, on its own database of generated events, projects and tutorials (generate.ts). Over HTTP at
 * 16 connections, one member asking: a calendar month as the calendar reads it (its days with
 * events, each month of the data in turn, and a day's first page of events, the 15th of each month
 * in turn), the next 10 upcoming events, a page of projects of one category and status (each of the 30 pairs in turn), and a page of
 * tutorials of one skill category (each of the 8 in turn). Run it under the shared lock:
 *   flock /tmp/fm-bench.lock node --import tsx bench/social/run.ts
 * BENCH_EVENTS (1,000,000), BENCH_PROJECTS (100,000), BENCH_TUTORIALS (200,000), BENCH_MEMBERS
 * (50,000), BENCH_REGENERATE=1 (make the data again), BENCH_CONNECTIONS (16), BENCH_DURATION (15 s),
 * BENCH_WARMUP (5 s), BENCH_DATABASE_URL, BENCH_SERVICE_NODE_ARGS (node flags of the service, e.g.
 * '--cpu-prof --cpu-prof-dir=/tmp/prof'), BENCH_ONLY (the pages to run, e.g. 'projects,tutorials'; all
 * when unset), LOG_LEVEL (the service's, `info` as deployed).
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);
const TUTORIALS = Number(process.env.BENCH_TUTORIALS ?? 200_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const REGENERATE = process.env.BENCH_REGENERATE === '1';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const SERVICE_NODE_ARGS = process.env.BENCH_SERVICE_NODE_ARGS ?? '';
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
// A profile or a comparison of one page need not wait for the others.
const ONLY = process.env.BENCH_ONLY?.split(',').map((k) => k.trim()).filter(Boolean);
/** Target of issue 23, the same for every read. */
const TARGET_P95_MS = 20;
/** Who asks: any member sees the same lists; only their own RSVPs, joins and saves differ. */
const VIEWER = memberId(2);

// A measured run carries one identity assertion, which expires a minute after it is signed.
if (Math.max(DURATION, WARMUP) >= ASSERTION_TTL_SECONDS - 5) throw new Error(`BENCH_DURATION and BENCH_WARMUP must stay under ${ASSERTION_TTL_SECONDS - 5} s`);

const KINDS = ['month', 'day', 'upcoming', 'projects', 'tutorials'] as const;
/** The calendar's page of a day's events (the web client's DAY_EVENTS_PAGE_SIZE), and the zone it asks in. */
const DAY_PAGE = EVENTS_LIMIT.default;
const TIME_ZONE = 'America/New_York';
type Kind = (typeof KINDS)[number];
const unknownKind = ONLY?.find((k) => !(KINDS as readonly string[]).includes(k));
if (unknownKind) throw new Error(`BENCH_ONLY: '${unknownKind}' is not one of ${KINDS.join(', ')}`);

interface HttpQuery {
  kind: Kind;
  label: string;
  /** Asked in turn, one a request. */
  paths: string[];
  /** How many items each page holds (the days answer has no page). */
  items: number;
}

interface Measured {
  figures: Figures;
  serviceMs: number;
  postgresMs: number;
}

/** The first instant (UTC) of each calendar month from `from` up to `to`. */
function monthStarts(from: Date, to: Date): Date[] {
  const months: Date[] = [];
  for (let m = new Date(from); m < to; m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))) months.push(m);
  return months;
}

function httpQueries(data: Generated): HttpQuery[] {
  const months = monthStarts(data.eventsFrom, data.eventsTo);
  const date = (d: Date) => d.toISOString().slice(0, 10);
  const month = (start: Date) => {
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    return `/api/events/days?from=${date(start)}&to=${date(end)}&timeZone=${encodeURIComponent(TIME_ZONE)}`;
  };
  const day = (start: Date) => {
    const from = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 15));
    return `/api/events?from=${from.toISOString()}&to=${new Date(from.getTime() + 86_400_000).toISOString()}&limit=${DAY_PAGE}`;
  };
  const pairs = PROJECT_CATEGORIES.flatMap((category) => PROJECT_STATUSES.map((status) => ({ category, status })));
  return [
    {
      kind: 'month',
      label: `GET /api/events/days?from=…&to=…&timeZone=… (a month's days with events, ${months.length} months in turn)`,
      paths: months.map(month),
      items: 0,
    },
    {
      kind: 'day',
      label: `GET /api/events?from=…&to=…&limit=${DAY_PAGE} (a day's first page, ${months.length} days in turn)`,
      paths: months.map(day),
      items: DAY_PAGE,
    },
    { kind: 'upcoming', label: `GET /api/events?upcoming=true&limit=${UPCOMING_EVENTS_LIMIT}`, paths: [`/api/events?upcoming=true&limit=${UPCOMING_EVENTS_LIMIT}`], items: UPCOMING_EVENTS_LIMIT },
    {
      kind: 'projects',
      label: `GET /api/projects?category=…&status=…&limit=${PROJECTS_LIMIT.default} (${pairs.length} pairs in turn)`,
      paths: pairs.map((p) => `/api/projects?category=${p.category}&status=${p.status}&limit=${PROJECTS_LIMIT.default}`),
      items: PROJECTS_LIMIT.default,
    },
    {
      kind: 'tutorials',
      label: `GET /api/diy-content/skill/{categoryId}?limit=${TUTORIALS_LIMIT.default} (${data.skillCategoryIds.length} categories in turn)`,
      paths: data.skillCategoryIds.map((id) => `/api/diy-content/skill/${id}?limit=${TUTORIALS_LIMIT.default}`),
      items: TUTORIALS_LIMIT.default,
    },
  ];
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
const count = (n: number) => n.toLocaleString('en-US');

async function main(): Promise<void> {
  const data = await ensureSocialData({ events: EVENTS, projects: PROJECTS, tutorials: TUTORIALS, members: MEMBERS }, { regenerate: REGENERATE });
  // Other work on the machine shows in the figures; the load average before and after says how much.
  const loadBefore = loadavg()[0]!;
  const keys = await generateAssertionKeys();
  // A fresh signer per load: its assertion then lives the whole minute.
  const identity = async () => ({ [IDENTITY_HEADER]: await (await AssertionSigner.fromPem(keys.privateKeyPem)).sign({ userId: VIEWER }) });
  const database = new URL(BENCH_DATABASE_URL).pathname.slice(1);
  const probe = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await probe.connect();
  const { url, child } = await startService(keys.publicKeyPem);
  try {
    const queries = httpQueries(data).filter((q) => !ONLY || ONLY.includes(q.kind));
    await sanityCheck(url, queries, await identity());
    const measured: Measured[] = [];
    for (const q of queries) {
      process.stdout.write(`${q.label}: warm-up ${WARMUP}s… `);
      if (WARMUP > 0) await httpLoad(url, q.paths, await identity(), CONNECTIONS, WARMUP);
      process.stdout.write(`measuring ${DURATION}s… `);
      const headers = await identity();
      const spent = await measureCpu(child.pid!, probe, database, () => httpLoad(url, q.paths, headers, CONNECTIONS, DURATION));
      measured.push({ figures: spent.result, serviceMs: spent.serviceMs / spent.result.count, postgresMs: spent.postgresMs / spent.result.count });
      process.stdout.write('done\n');
    }

    const setting = async (name: string) => (await probe.query<Record<string, string>>(`show ${name}`)).rows[0]![name]!;
    console.log(`\nLoad average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after.`);
    console.log(`Machine: ${await machineLine()}, Postgres ${await setting('server_version')} (shared_buffers ${await setting('shared_buffers')})`);
    console.log(
      `${count(data.events)} events (${count(data.attendees)} RSVPs) from ${data.eventsFrom.toISOString().slice(0, 10)} to ${data.eventsTo.toISOString().slice(0, 10)}, ` +
        `${count(data.projects)} projects (${count(data.participants)} participants), ${count(data.tutorials)} tutorials (${count(data.saves)} saves), ` +
        `${count(data.members)} members; ${CONNECTIONS} connections; ${WARMUP}s warm-up + ${DURATION}s measured each; service LOG_LEVEL=${LOG_LEVEL}, its default pool\n`,
    );
    console.log('| through the social service | requests/s | p50 ms | p95 ms | p99 ms | failures | bytes/answer | CPU ms/request (service + Postgres) | target p95 | |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    queries.forEach((q, i) => {
      const { figures: f, serviceMs, postgresMs } = measured[i]!;
      const verdict = f.failures === 0 && f.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS';
      console.log(
        `| ${q.label} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${f.failures} | ${f.bytes.toFixed(0)} | ` +
          `${serviceMs.toFixed(2)} + ${postgresMs.toFixed(2)} | ≤ ${TARGET_P95_MS} ms | ${verdict} |`,
      );
    });
  } finally {
    child.kill('SIGTERM');
    await probe.end();
  }
}

/**
 * Every path answers before it is timed: full pages, of the month, category or status asked for,
 * upcoming events not yet past, and every host, creator and skill known (the projections).
 */
async function sanityCheck(url: string, queries: HttpQuery[], headers: Record<string, string>): Promise<void> {
  const get = async (path: string) => {
    const res = await fetch(`${url}${path}`, { headers });
    // Read whole: an unread answer holds its connection busy, and the service's graceful stop waits for it.
    const body = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
    return JSON.parse(body) as unknown;
  };
  const fail = (path: string, why: string) => {
    throw new Error(`${path}: ${why}`);
  };
  for (const q of queries) {
    for (const path of q.paths) {
      const query = new URL(path, url).searchParams;
      if (q.kind === 'month') {
        // Every day of the data's months is busier than the count goes.
        const { days } = eventDaysSchema.parse(await get(path));
        const length = (Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000;
        if (days.length !== length || days.some((d) => d.count !== EVENT_DAY_COUNT_MAX)) fail(path, `${days.length} days marked of ${length}`);
      } else if (q.kind === 'day' || q.kind === 'upcoming') {
        const page = communityEventPageSchema.parse(await get(path));
        if (page.items.length !== q.items || !page.nextCursor) fail(path, `${page.items.length} events, next cursor ${page.nextCursor}`);
        const from = q.kind === 'upcoming' ? new Date() : new Date(query.get('from')!);
        const to = q.kind === 'upcoming' ? new Date(8.64e15) : new Date(query.get('to')!);
        // The check runs a moment after the answer: an upcoming event may have begun since.
        const slack = q.kind === 'upcoming' ? 60_000 : 0;
        const outside = page.items.find((e) => new Date(e.eventDate).getTime() < from.getTime() - slack || new Date(e.eventDate) >= to);
        if (outside) fail(path, `event ${outside.id} on ${outside.eventDate}`);
        const unnamed = page.items.find((e) => e.host.firstName === null);
        if (unnamed) fail(path, `event ${unnamed.id} has no host name (users projection)`);
      } else if (q.kind === 'projects') {
        const page = projectPageSchema.parse(await get(path));
        if (page.items.length !== q.items || !page.nextCursor) fail(path, `${page.items.length} projects, next cursor ${page.nextCursor}`);
        const other = page.items.find((p) => p.category !== query.get('category') || p.status !== query.get('status'));
        if (other) fail(path, `project ${other.id} is ${other.category}/${other.status}`);
        const unnamed = page.items.find((p) => p.creator.firstName === null);
        if (unnamed) fail(path, `project ${unnamed.id} has no creator name (users projection)`);
      } else {
        const page = tutorialPageSchema.parse(await get(path));
        if (page.items.length !== q.items || !page.nextCursor) fail(path, `${page.items.length} tutorials, next cursor ${page.nextCursor}`);
        const categoryId = new URL(path, url).pathname.split('/').at(-1);
        const other = page.items.find((t) => t.skill?.categoryId !== categoryId);
        if (other) fail(path, `tutorial ${other.id} is filed under ${other.skill?.categoryId ?? 'no skill'}`);
      }
    }
  }
}

await main();
