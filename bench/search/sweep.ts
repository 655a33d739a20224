import { performance } from 'node:perf_hooks';
import { profileSearchQuerySchema, SEARCH_SCOPES, SEARCH_SORTS, type ProfileSearchQuery } from '@freemarket/contracts';
import { openDatabase } from '@freemarket/db';
import { SEARCH_SESSION_SETTINGS } from '@freemarket/directory';
import { SearchService } from '../../services/directory/src/search/service.js';
import { BENCH_DATABASE_URL } from './generate.js';
import { BENCH_VIEWER, CENTRES, SKILL_WORDS, TRADE_WORDS } from './queries.js';

/**
 * The search's tail, query by query: every scope × sort, with a short, a plain and a long word and
 * none, at every centre, one request at a time against the generated data (run generate.ts first).
 * The load benchmark (run.ts) measures four fixed queries under load; this finds the query whose
 * plan goes wrong, which a mean over four would hide. Prints the slowest, and how many took over
 * 50 and 200 ms.
 *   flock /tmp/fm-bench.lock node --import tsx bench/search/sweep.ts   (BENCH_SWEEP_TOP, default 15)
 */
const TOP = Number(process.env.BENCH_SWEEP_TOP ?? 15);
/** A search still running after this long is stopped and reported as such. */
const TIMEOUT_MS = 5000;
/** Searches slower than this are printed as they happen. */
const SLOW_MS = 200;
const WORDS = [undefined, 'we', TRADE_WORDS[0], SKILL_WORDS[4], 'photography', 'licensed plumber'] as const;

const database = await openDatabase({ url: BENCH_DATABASE_URL, poolMax: 1, sessionSettings: { ...SEARCH_SESSION_SETTINGS, statement_timeout: String(TIMEOUT_MS) } });
const search = new SearchService(database.db);
const viewer = { userId: BENCH_VIEWER };
const timings: { label: string; ms: number }[] = [];
try {
  for (const [place, lat, lng] of CENTRES) {
    for (const type of SEARCH_SCOPES) {
      for (const sort of SEARCH_SORTS) {
        for (const q of WORDS) {
          const query: ProfileSearchQuery = profileSearchQuerySchema.parse({ q, type, sort, lat: String(lat), lng: String(lng), radius: '50', limit: '20' });
          const label = `${place}: type=${type} sort=${sort} q=${q ?? '(none)'}`;
          let timing: { label: string; ms: number };
          try {
            // The second run is timed: the first pays for the plan and for pages not yet cached.
            await search.search(viewer, query);
            const started = performance.now();
            const page = await search.search(viewer, query);
            timing = { label: `${label} → ${page.items.length}`, ms: performance.now() - started };
          } catch (err) {
            if (!/statement timeout/.test(String((err as Error).cause ?? err))) throw err;
            timing = { label: `${label} → stopped`, ms: TIMEOUT_MS };
          }
          timings.push(timing);
          if (timing.ms > SLOW_MS) console.log(`slow: ${timing.ms.toFixed(0)} ms  ${timing.label}`);
        }
      }
    }
  }
} finally {
  await database.close();
}
timings.sort((a, b) => b.ms - a.ms);
const share = (ms: number) => timings.filter((t) => t.ms > ms).length;
console.log(`${timings.length} searches; over 50 ms: ${share(50)}; over 200 ms: ${share(200)}; median ${timings[Math.floor(timings.length / 2)]!.ms.toFixed(1)} ms`);
for (const t of timings.slice(0, TOP)) console.log(`${t.ms.toFixed(1).padStart(8)} ms  ${t.label}`);
