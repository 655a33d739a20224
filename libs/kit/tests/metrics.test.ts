import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics, type Scrape } from '@freemarket/testing';
import { createApp, type App } from '../src/app.js';
import { createLogger } from '../src/logger.js';

let app: App;
let base: string;

beforeAll(async () => {
  app = createApp({ logger: createLogger('test', 'silent') });
  app.get('/things/:id', async (req) => ({ id: (req.params as { id: string }).id }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(() => app?.close());

const scrape = (): Promise<Scrape> => scrapeMetrics(`${base}/metrics`);
const requests = (page: Scrape, labels: Record<string, string>) => page.value('http_request_duration_seconds_count', labels) ?? 0;

describe('/metrics of a service', () => {
  it('should serve the Prometheus text format with the request histogram and the process figures', async () => {
    const page = await scrape();
    expect(page.status).toBe(200);
    expect(page.families.get('http_request_duration_seconds')).toBe('histogram');
    // Event-loop delay, from prom-client's default metrics.
    expect(page.families.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
    expect(page.families.get('process_resident_memory_bytes')).toBe('gauge');
  });

  it('should count a request under its route pattern and status, never its raw URL', async () => {
    const before = await scrape();
    await fetch(`${base}/things/1`);
    await fetch(`${base}/things/2`);
    await fetch(`${base}/broken`);
    const after = await scrape();
    const things = { method: 'GET', route: '/things/:id', status: '200' };
    expect(requests(after, things) - requests(before, things)).toBe(2);
    expect(requests(after, { route: '/broken', status: '500' }) - requests(before, { route: '/broken', status: '500' })).toBe(1);
    expect(after.text).not.toContain('/things/1');
    // The latency buckets of that series are there too, ending with +Inf.
    expect(after.value('http_request_duration_seconds_bucket', { ...things, le: '+Inf' })).toBe(requests(after, things));
  });

  it('should count requests no route matched under one label, so probes of random paths add no series', async () => {
    const before = await scrape();
    await fetch(`${base}/wp-admin/${Math.random()}`);
    const after = await scrape();
    const unmatched = { route: 'unmatched', status: '404' };
    expect(requests(after, unmatched) - requests(before, unmatched)).toBe(1);
    expect(after.text).not.toContain('wp-admin');
  });
});

describe('/metrics with a scrape rule', () => {
  it('should answer 404, as for an unknown path, to a request the rule refuses', async () => {
    const guarded = createApp({ logger: createLogger('test', 'silent'), metrics: { allow: (req) => req.headers['x-forwarded-for'] === undefined } });
    try {
      expect((await guarded.inject({ url: '/metrics' })).statusCode).toBe(200);
      const refused = await guarded.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Not Found' });
    } finally {
      await guarded.close();
    }
  });
});
