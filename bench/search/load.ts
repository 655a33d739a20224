import { createRequire } from 'node:module';
import pg from 'pg';

/** The slice of autocannon the search benchmark uses; loaded by hand so its typing is ours. */
interface Autocannon {
  (options: {
    url: string;
    connections: number;
    duration: number;
    headers: Record<string, string>;
    requests: { setupRequest: (req: { path: string }) => { path: string } }[];
  }): Promise<{ errors: number; timeouts: number; non2xx: number; requests: { total: number } }> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): void;
  };
}
const load = createRequire(import.meta.url);
const autocannon = load('autocannon') as Autocannon;

export interface Figures {
  count: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  bytes: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function figures(latencies: number[], seconds: number, failures: number, bytes: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, rps: sorted.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), failures, bytes };
}

/**
 * Drives one HTTP query at `connections` concurrent connections for `seconds`, each request with
 * the next path from `paths` (so centres and words rotate), and measures every response.
 */
export async function httpLoad(base: string, paths: () => string, headers: Record<string, string>, connections: number, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let bytes = 0;
  let failures = 0;
  const instance = autocannon({ url: base, connections, duration: seconds, headers, requests: [{ setupRequest: (req) => ({ ...req, path: paths() }) }] });
  instance.on('response', (_client, status, size, ms) => {
    if (status >= 200 && status < 300) {
      latencies.push(ms);
      bytes += size;
    } else failures++;
  });
  const result = await instance;
  return figures(latencies, seconds, failures + result.errors + result.timeouts, bytes / Math.max(1, latencies.length));
}

/** The naive SQL at the same concurrency straight on Postgres, for at most `seconds` or `maxQueries`. */
export async function sqlLoad(url: string, next: () => { text: string; values: unknown[] }, connections: number, seconds: number, maxQueries: number): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const latencies: number[] = [];
  const started = Date.now();
  const deadline = started + seconds * 1000;
  let issued = 0;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < deadline && issued < maxQueries) {
          issued++;
          const q = next();
          const t = performance.now();
          await pool.query(q.text, q.values);
          latencies.push(performance.now() - t);
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return figures(latencies, (Date.now() - started) / 1000, 0, 0);
}
