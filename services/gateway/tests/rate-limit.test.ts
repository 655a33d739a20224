import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { redisUnder, startGateway, startStack, testConfig, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.close();
});

async function statuses(gateway: RunningGateway, path: string, count: number, headers: Record<string, string> = {}): Promise<Response[]> {
  const out: Response[] = [];
  for (let i = 0; i < count; i++) out.push(await fetch(`${gateway.url}${path}`, { headers }));
  return out;
}

const sharedCounters = needs('redis', 'rate-limit counters shared by gateway instances');

describe('rate limits', () => {
  it('should answer 429 JSON with Retry-After once an address spends its budget', async () => {
    const gateway = await startGateway(testConfig(stack, { rateLimit: { perIpPerMinute: 3, perSessionPerMinute: 100, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } } }));
    try {
      const responses = await statuses(gateway, '/api/posts', 4);
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      const limited = responses[3]!;
      expect(await limited.json()).toEqual({ message: expect.stringMatching(/^Too Many Requests: retry in \d+ seconds$/) });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    } finally {
      await gateway.destroy();
    }
  });

  it('should let a payment provider deliver its signed webhooks past the per-address budget', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'webhook'), rateLimit: { perIpPerMinute: 2, perSessionPerMinute: 100, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } } }));
    const deliver = () => fetch(`${gateway.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, body: '{}' });
    try {
      const deliveries = [await deliver(), await deliver(), await deliver(), await deliver()];
      expect(deliveries.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      // The address's budget still holds for everything else.
      expect((await statuses(gateway, '/api/posts', 3)).map((r) => r.status)).toEqual([200, 200, 429]);
    } finally {
      await gateway.destroy();
    }
  });

  it('should count a signed-in session on its own budget', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'session'), rateLimit: { perIpPerMinute: 100, perSessionPerMinute: 2, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } } }));
    try {
      const alice = await gateway.signIn('alice');
      const bob = await gateway.signIn('bob');
      expect((await statuses(gateway, '/api/posts', 3, { cookie: alice })).map((r) => r.status)).toEqual([200, 200, 429]);
      expect((await statuses(gateway, '/api/posts', 1, { cookie: bob })).map((r) => r.status)).toEqual([200]);
    } finally {
      await gateway.destroy();
    }
  });

  it('should not let members behind one address spend each other’s budget', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'shared-address'), rateLimit: { perIpPerMinute: 2, perSessionPerMinute: 100, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } } }));
    try {
      const alice = await gateway.signIn('alice');
      const bob = await gateway.signIn('bob');
      expect((await statuses(gateway, '/api/posts', 3, { cookie: alice })).map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await statuses(gateway, '/api/posts', 3, { cookie: bob })).map((r) => r.status)).toEqual([200, 200, 200]);
      // Signed out, the address's own budget applies, and a stale cookie does not escape it.
      expect((await statuses(gateway, '/api/posts', 3, { cookie: 'fm.sid=stale' })).map((r) => r.status)).toEqual([200, 200, 429]);
    } finally {
      await gateway.destroy();
    }
  });

  sharedCounters.it('should share counters across gateway instances through Redis', async () => {
    const config = testConfig(stack, { redis: redisUnder(stack, 'shared'), rateLimit: { perIpPerMinute: 2, perSessionPerMinute: 100, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } } });
    const [a, b] = [await startGateway(config), await startGateway(config)];
    try {
      expect((await statuses(a, '/api/posts', 2)).map((r) => r.status)).toEqual([200, 200]);
      expect((await statuses(b, '/api/posts', 1)).map((r) => r.status)).toEqual([429]);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });

  sharedCounters.it('should hold a budget exactly when instances spend it together', async () => {
    const config = testConfig(stack, { redis: redisUnder(stack, 'together'), rateLimit: { perIpPerMinute: 100, perSessionPerMinute: 10_000, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } } });
    const [a, b] = [await startGateway(config), await startGateway(config)];
    try {
      const burst = await Promise.all(Array.from({ length: 120 }, (_, i) => fetch(`${(i % 2 ? a : b).url}/api/posts`)));
      expect(burst.filter((r) => r.status === 200)).toHaveLength(100);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(20);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });

  sharedCounters.it('should keep each address’s count in Redis under the gateway’s prefix, expiring with its window', async () => {
    const redisConfig = redisUnder(stack, 'counted');
    const gateway = await startGateway(testConfig(stack, { redis: redisConfig, rateLimit: { perIpPerMinute: 1000, perSessionPerMinute: 1000, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } } }));
    const redis = new Redis(testInfra().redisUrl!);
    try {
      await statuses(gateway, '/api/posts', 25);
      const keys = await redis.keys(`${redisConfig.keyPrefix}rl:ip:*`);
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0]!))).toBe(25);
      expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
      expect(await redis.pttl(keys[0]!)).toBeLessThanOrEqual(60_000);
    } finally {
      await redis.quit();
      await gateway.destroy();
    }
  });

  it('should give search and the map a tighter budget of their own', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'search'), rateLimit: { perIpPerMinute: 100, perSessionPerMinute: 100, routes: { contact: 10_000, search: 2, posting: 10_000, payments: 10_000 } } }));
    try {
      const reads = [await fetch(`${gateway.url}/api/profiles/search?q=a`), await fetch(`${gateway.url}/api/profiles/map?lat=1&lng=2`), await fetch(`${gateway.url}/api/profiles/search?q=b`)];
      expect(reads.map((r) => r.status)).toEqual([200, 200, 429]);
      expect(Number(reads[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
      // Other reads of the directory spend only the general budgets.
      expect((await fetch(`${gateway.url}/api/profiles/user/someone`)).status).toBe(200);
    } finally {
      await gateway.destroy();
    }
  });

  it('should give the contact form a small budget per address, on top of the general one', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'contact'), rateLimit: { perIpPerMinute: 100, perSessionPerMinute: 100, routes: { contact: 2, search: 10_000, posting: 10_000, payments: 10_000 } } }));
    const post = (path: string) =>
      fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5000' }, body: '{}' });
    try {
      const sent = [await post('/api/contact'), await post('/api/contact'), await post('/api/contact')];
      expect(sent.map((r) => r.status)).toEqual([200, 200, 429]);
      expect(Number(sent[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(stack.services.identity.seen.filter((e) => e.url === '/api/contact')).toHaveLength(2);
      // Other writes from the same address spend only the general budget.
      expect((await post('/api/posts')).status).toBe(200);
    } finally {
      await gateway.destroy();
    }
  });

  it('should leave health endpoints out', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'health'), rateLimit: { perIpPerMinute: 1, perSessionPerMinute: 1, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } } }));
    try {
      expect((await statuses(gateway, '/healthz', 5)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await gateway.destroy();
    }
  });
});
