import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics } from '@freemarket/testing';
import { deadUrl, startGateway, startStack, testConfig, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;
let downUrl: string;

beforeAll(async () => {
  stack = await startStack();
  downUrl = await deadUrl();
  const config = testConfig(stack);
  gateway = await startGateway({ ...config, upstreams: { ...config.upstreams, messaging: [stack.services.messaging.url, downUrl] } });
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
});

const scrape = () => scrapeMetrics(`${gateway.url}/metrics`);

describe("the gateway's /metrics", () => {
  it('should count a proxied request under its prefix pattern and the status the service gave', async () => {
    const cookie = await gateway.signIn('mae');
    const route = { method: 'GET', route: '/api/rewards/*', status: '201' };
    const before = (await scrape()).value('http_request_duration_seconds_count', route) ?? 0;
    expect((await fetch(`${gateway.url}/api/rewards/balance?status=201`, { headers: { cookie } })).status).toBe(201);
    const after = await scrape();
    expect(after.value('http_request_duration_seconds_count', route)).toBe(before + 1);
    expect(after.families.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
  });

  it('should show each upstream instance up, and one that refused a connection down during its cool-down', async () => {
    const messaging = (instance: string) => ({ service: 'messaging', instance });
    const before = await scrape();
    expect(before.value('gateway_upstream_up', messaging(stack.services.messaging.url))).toBe(1);
    expect(before.value('gateway_upstream_up', messaging(downUrl))).toBe(1);
    expect(before.value('gateway_upstream_up', { service: 'identity', instance: stack.services.identity.url })).toBe(1);

    const cookie = await gateway.signIn('lev');
    for (let i = 0; i < 2; i++) expect((await fetch(`${gateway.url}/api/messages/conversations`, { headers: { cookie } })).status).toBe(200);
    const after = await scrape();
    expect(after.value('gateway_upstream_up', messaging(downUrl))).toBe(0);
    expect(after.value('gateway_upstream_up', messaging(stack.services.messaging.url))).toBe(1);
  });

  it('should refuse a request for the public host, or one relayed by a proxy, as a path that does not exist', async () => {
    expect((await gateway.app.inject({ url: '/metrics', headers: { host: '10.0.0.7:5000' } })).statusCode).toBe(200);
    for (const headers of [{ host: 'localhost:5000' }, { host: 'LOCALHOST:5000' }, { host: '10.0.0.7:5000', 'x-forwarded-for': '203.0.113.9' }, { host: '10.0.0.7:5000', forwarded: 'for=203.0.113.9' }]) {
      const res = await gateway.app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it("should never reach a service's /metrics through its routes", async () => {
    const cookie = await gateway.signIn('kit');
    const seenBefore = Object.values(stack.services).reduce((n, s) => n + s.seen.length, 0);
    for (const path of ['/api/metrics', '/internal/metrics', '/api/messages/..%2f..%2fmetrics']) {
      const res = await fetch(`${gateway.url}${path}`, { headers: { cookie } });
      expect([400, 404], path).toContain(res.status);
      expect(await res.text(), path).not.toContain('# TYPE');
    }
    expect(Object.values(stack.services).reduce((n, s) => n + s.seen.length, 0)).toBe(seenBefore);
  });
});
