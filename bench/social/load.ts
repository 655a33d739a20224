import { createRequire } from 'node:module';

/** The slice of autocannon this benchmark uses; loaded by hand so its typing is ours (the response event among it). */
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
  /** Mean bytes an answer. */
  bytes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * GETs at `connections` concurrent connections for `seconds`, each request on the next of `paths`
 * in turn (months, categories), every answer timed; autocannon's own histograms stop at p97.5
 * without a p95, hence the response event.
 */
export async function httpLoad(base: string, paths: readonly string[], headers: Record<string, string>, connections: number, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
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
  const sorted = latencies.sort((a, b) => a - b);
  return {
    count: sorted.length,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    failures: failures + result.errors + result.timeouts,
    bytes: bytes / Math.max(1, sorted.length),
  };
}
