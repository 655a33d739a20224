import { createRequire } from 'node:module';
import type pg from 'pg';

/** The slice of autocannon the benchmarks use; loaded by hand so its typing is ours (the response event among it). */
interface Autocannon {
  (options: {
    url: string;
    connections: number;
    duration: number;
    headers: Record<string, string>;
    requests: { setupRequest: (req: { path: string }) => { path: string } }[];
  }): Promise<{ errors: number; timeouts: number }> & {
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
  /** Mean bytes an answer (HTTP only). */
  bytes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The figures of a run from its answered requests' latencies. */
export function figures(latencies: number[], seconds: number, failures: number, bytes: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, rps: sorted.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), failures, bytes };
}

/**
 * GETs at `connections` concurrent connections for `seconds`, each request on the next of `paths`
 * in turn (one path, or months, categories…), every answer timed; autocannon's own histograms stop
 * at p97.5 without a p95, hence the response event.
 */
export async function httpLoad(
  base: string,
  paths: readonly string[],
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  /** Where the latencies go, shared by runs measured as one (each gateway's, say). */
  latencies: number[] = [],
): Promise<Figures> {
  let bytes = 0;
  let failures = 0;
  let next = 0;
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
  });
  instance.on('response', (_client, status, size, ms) => {
    if (status >= 200 && status < 300) {
      latencies.push(ms);
      bytes += size;
    } else failures++;
  });
  const result = await instance;
  return figures(latencies, seconds, failures + result.errors + result.timeouts, bytes / Math.max(1, latencies.length));
}

/**
 * One statement straight on Postgres from `connections` clients of `pool` at once, each sending the
 * next as soon as its last is answered, for `seconds`: the SQL counterpart of `httpLoad`.
 */
export async function sqlLoad(pool: pg.Pool, statement: { text: string; values: unknown[] }, connections: number, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          const t = performance.now();
          await client.query(statement.text, statement.values);
          latencies.push(performance.now() - t);
        }
      } finally {
        client.release();
      }
    }),
  );
  return figures(latencies, (performance.now() - started) / 1000, 0, 0);
}
