import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl, startGateway, startStack, testConfig, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;

beforeAll(async () => {
  stack = await startStack();
  const config = testConfig(stack, { proxy: { timeoutMs: 300, connectTimeoutMs: 200 } });
  gateway = await startGateway({ ...config, upstreams: { ...config.upstreams, rewards: [await deadUrl()] } });
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
});

describe('upstream failures', () => {
  it('should answer 503 naming the service within a second when it is down, while other routes work', async () => {
    const started = Date.now();
    const [down, up] = await Promise.all([fetch(`${gateway.url}/api/rewards/balance`), fetch(`${gateway.url}/api/profiles`)]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: 'Service Unavailable: rewards is not reachable' });
    expect(up.status).toBe(200);
  });

  it('should not retry a refused write', async () => {
    const res = await fetch(`${gateway.url}/api/rewards/redeem`, { method: 'POST' });
    expect(res.status).toBe(503);
  });

  it('should answer 504 when a service takes longer than UPSTREAM_TIMEOUT_MS', async () => {
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/profiles/slow?ms=2000`);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ message: 'Gateway Timeout: directory did not answer in time' });
    // undici checks header timeouts on a coarse (about one second) timer.
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('should pass a service’s own 503 through without retrying it', async () => {
    const before = stack.services.directory.seen.length;
    const res = await fetch(`${gateway.url}/api/profiles/1?status=503`);
    expect(res.status).toBe(503);
    expect(stack.services.directory.seen.length).toBe(before + 1);
  });
});
