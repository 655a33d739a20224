/**
 * Lighthouse on the landing page (signed out), the map page and a member's profile page (signed in), with Lighthouse's
 * mobile settings (simulated slow 4G and a 4× slower CPU), 3 runs each after one warm-up; prints
 * the median scores and fails below 90 performance or 95 accessibility (issue 6).
 *
 * The warm-up also reads the host's benchmarkIndex, printed with the scores: Lighthouse's 4× CPU
 * slowdown assumes a fast desktop host and warns below 1000 that scores suffer; on such a host the
 * same page scores lower. `--cpu-slowdown N` replaces the 4× (to compare hosts), never in CI.
 *
 * It starts the whole platform on the databases, NATS and Redis named by DATABASE_URL, NATS_URL
 * and REDIS_URL (embedded ones when unset) and serves the built client: run `npm run build:web`
 * first.
 *
 *   node --import tsx scripts/lighthouse.ts [--runs 3] [--pages landing,map] [--demo] [--report-only map] [--details] [--cpu-slowdown 4]
 *
 * `--pages` picks the pages to audit; `--report-only <page>` prints that page's scores without
 * failing on them; `--details` prints the long tasks, the scripts, the API requests and the failing
 * accessibility audits with their elements. `--demo` seeds local mode's demo directory (about 500
 * profiles around the default position), so the map page draws markers and a full result list, as
 * it does for a member; without it the directory is empty. See docs/web.md, 'Lighthouse'.
 *
 * Tile requests are blocked: this network reaches no tile server, and the scores must not depend
 * on one (a blocked tile fails at once, as an unreachable one would after a timeout).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as lighthouseThrottling } from 'lighthouse/core/config/constants.js';
import { BrowserSession, signInWithDevProvider } from '@freemarket/testing';
import { startTestStack } from '@freemarket/testing/stack';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const THRESHOLDS = { performance: 90, accessibility: 95 } as const;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const reportArg = process.argv.indexOf('--report-only');
const REPORT_ONLY = new Set(reportArg > 0 ? (process.argv[reportArg + 1] ?? '').split(',') : []);
const pagesArg = process.argv.indexOf('--pages');
const PAGES = new Set(pagesArg > 0 ? (process.argv[pagesArg + 1] ?? '').split(',') : ['landing', 'map', 'profile']);
const DEMO = process.argv.includes('--demo');
const slowdownArg = process.argv.indexOf('--cpu-slowdown');
/** A fixed CPU slowdown instead of the host-calibrated one (to compare runs across machines). */
const FIXED_CPU_SLOWDOWN = slowdownArg > 0 ? Number(process.argv[slowdownArg + 1]) : null;

interface Scores {
  performance: number;
  accessibility: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const DEFAULT_CPU_SLOWDOWN = lighthouseThrottling.mobileSlow4G.cpuSlowdownMultiplier;

interface Audit extends Scores {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  benchmarkIndex: number;
}

/** Trace failures Lighthouse itself asks to be retried ('Please run Lighthouse again'). */
const RETRIED = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

async function audit(url: string, port: number, headers: Record<string, string>, cpuSlowdown = DEFAULT_CPU_SLOWDOWN, attempt = 1): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: headers,
    blockedUrlPatterns: ['*tile.openstreetmap.org*', '*tile.openstreetmap.fr*'],
    throttling: { ...lighthouseThrottling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError && RETRIED.has(runtimeError.code) && attempt < 3) {
    console.log(`Lighthouse lost the trace on ${url} (${runtimeError.code}); running it again`);
    return audit(url, port, headers, cpuSlowdown, attempt + 1);
  }
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  if (process.argv.includes('--details')) {
    console.log('main thread ms', JSON.stringify((audits['mainthread-work-breakdown']?.details as { items?: Array<{ group: string; duration: number }> } | undefined)?.items?.map((i) => [i.group, Math.round(i.duration)])));
    // What was painted largest, and the page's own (observed) paint times beside the simulated ones:
    // when the loading screen is not what paints first, LCP waits for the whole map screen.
    const lcpNode = (audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string } }> }> } | undefined)?.items?.[0]?.items?.[0]?.node;
    const metrics = (audits.metrics?.details as { items?: Array<Record<string, number | undefined>> } | undefined)?.items?.[0] ?? {};
    const ms = (key: string) => Math.round(metrics[key] ?? 0);
    console.log(
      `lcp element ${JSON.stringify(lcpNode?.nodeLabel ?? null)}; observed FCP ${ms('observedFirstContentfulPaint')} ms, LCP ${ms('observedLargestContentfulPaint')} ms; ` +
        `simulated FCP ${ms('firstContentfulPaint')} ms, LCP ${ms('largestContentfulPaint')} ms, TTI ${ms('interactive')} ms, TBT ${ms('totalBlockingTime')} ms`,
    );
    for (const id of ['long-tasks', 'bootup-time', 'network-requests']) {
      const details = audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined;
      const items = (details?.items ?? []).filter((i) => id !== 'network-requests' || /\/api\/|\.(js|css)$/.test(String(i.url)));
      console.log(id, JSON.stringify(items.slice(0, 20).map((i) => Object.fromEntries(Object.entries(i).filter(([k]) => ['url', 'duration', 'startTime', 'total', 'scripting', 'scriptParseCompile', 'networkRequestTime', 'networkEndTime', 'transferSize'].includes(k))))));
    }
    // Accessibility audits that fail (score below 1), with up to 5 offending elements each.
    for (const ref of categories.accessibility?.auditRefs ?? []) {
      const a = audits[ref.id];
      if (!a || a.score === null || a.score >= 1) continue;
      const items = ((a.details as { items?: Array<{ node?: { selector?: string; snippet?: string; explanation?: string } }> } | undefined)?.items ?? []);
      console.log(`a11y ${ref.id} (weight ${ref.weight}, ${items.length} elements): ${a.title}`);
      for (const i of items.slice(0, 5)) console.log(`  ${i.node?.selector ?? ''} ${i.node?.snippet ?? ''}\n    ${(i.node?.explanation ?? '').replace(/\n/g, ' ')}`);
    }
  }
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? 0,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    siMs: audits['speed-index']?.numericValue ?? 0,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

/**
 * The member whose page the profile audit opens: the nearest demo profile with `--demo`, else the
 * signed-in member's own, created for the audit.
 */
async function someMemberId(session: BrowserSession): Promise<string> {
  const found = await session.json<{ items: Array<{ userId: string }> }>('/api/profiles/search?type=all&lat=37.7749&lng=-122.4194&limit=1');
  const first = found.body.items?.[0]?.userId;
  if (first) return first;
  const created = await session.json<{ userId: string }>('/api/profiles', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Lighthouse', bio: 'A profile for the audit.' }) });
  if (created.status !== 201) throw new Error(`creating the audit's profile answered ${created.status}`);
  return created.body.userId;
}

async function main(): Promise<void> {
  const dist = resolve(import.meta.dirname, '..', 'web', 'dist');
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build:web` first');
  const stack = await startTestStack({ webDistDir: dist, seedDemoData: DEMO });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  let failed = false;
  try {
    const session = new BrowserSession(stack.url);
    await signInWithDevProvider(session, { email: 'lighthouse@example.com', firstName: 'Light', lastName: 'House' });
    const pages: Array<{ name: string; url: string; headers: Record<string, string> }> = [
      { name: 'landing', url: `${stack.url}/`, headers: {} },
      { name: 'map', url: `${stack.url}/`, headers: { cookie: session.cookieHeader() } },
    ];
    if (PAGES.has('profile')) pages.push({ name: 'profile', url: `${stack.url}/profile/${encodeURIComponent(await someMemberId(session))}`, headers: { cookie: session.cookieHeader() } });
    // The warm-up: the stack's and the browser's first page load, and the host's benchmarkIndex.
    const warmUp = await audit(pages[0]!.url, chrome.port, pages[0]!.headers);
    const cpuSlowdown = FIXED_CPU_SLOWDOWN ?? DEFAULT_CPU_SLOWDOWN;
    console.log(
      `host benchmarkIndex ${Math.round(warmUp.benchmarkIndex)}${warmUp.benchmarkIndex <= 1000 ? ' (Lighthouse calls a host at or below 1000 slow)' : ''}; ` +
        `CPU slowdown ${cpuSlowdown}×${FIXED_CPU_SLOWDOWN === null ? " (Lighthouse's mobile default)" : ' (--cpu-slowdown)'}`,
    );
    for (const page of pages.filter((p) => PAGES.has(p.name))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(page.url, chrome.port, page.headers, cpuSlowdown));
      const scores: Scores = { performance: median(runs.map((r) => r.performance)), accessibility: median(runs.map((r) => r.accessibility)) };
      const ok = scores.performance >= THRESHOLDS.performance && scores.accessibility >= THRESHOLDS.accessibility;
      const enforced = !REPORT_ONLY.has(page.name);
      if (enforced) failed ||= !ok;
      console.log(
        `${ok ? 'ok  ' : enforced ? 'FAIL' : 'LOW (report only)'} ${page.name}: performance ${scores.performance} (min ${THRESHOLDS.performance}), accessibility ${scores.accessibility} (min ${THRESHOLDS.accessibility}); ` +
          `runs ${runs.map((r) => `${r.performance}/${r.accessibility} (FCP ${Math.round(r.fcpMs)} ms, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}, SI ${Math.round(r.siMs)} ms)`).join(', ')}`,
      );
    }
  } finally {
    chrome.kill();
    await stack.stop();
  }
  if (failed) process.exitCode = 1;
}

await main();
