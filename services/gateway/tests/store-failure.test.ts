import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@freemarket/testing';
import { startGateway, startStack, testConfig, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;

beforeAll(async () => {
  stack = await startStack();
  gateway = await startGateway(testConfig(stack, { redis: { url: `redis://127.0.0.1:${await freePort()}`, keyPrefix: 'gone:' } }));
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
});

describe('session store outage', () => {
  it('should boot, report not ready, and answer 503 for signed-in requests', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(503);

    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/posts`, { headers: { cookie: `fm.sid=${'a'.repeat(43)}` } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Service Unavailable: the session store is not reachable' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('should still serve anonymous requests (rate limits fail open)', async () => {
    expect((await fetch(`${gateway.url}/api/posts`)).status).toBe(200);
  });
});
