import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('rate limits', () => {
  it('should answer 429 JSON with Retry-After once an address spends its budget', async () => {
    const gateway = await startGateway(testConfig(stack, { rateLimit: { perIpPerMinute: 3, perSessionPerMinute: 100 } }));
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

  it('should count a signed-in session on its own budget', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'session'), rateLimit: { perIpPerMinute: 100, perSessionPerMinute: 2 } }));
    try {
      const alice = await gateway.signIn('alice');
      const bob = await gateway.signIn('bob');
      expect((await statuses(gateway, '/api/posts', 3, { cookie: alice })).map((r) => r.status)).toEqual([200, 200, 429]);
      expect((await statuses(gateway, '/api/posts', 1, { cookie: bob })).map((r) => r.status)).toEqual([200]);
    } finally {
      await gateway.destroy();
    }
  });

  it('should share counters across gateway instances through Redis', async () => {
    const config = testConfig(stack, { redis: redisUnder(stack, 'shared'), rateLimit: { perIpPerMinute: 2, perSessionPerMinute: 100 } });
    const [a, b] = [await startGateway(config), await startGateway(config)];
    try {
      expect((await statuses(a, '/api/posts', 2)).map((r) => r.status)).toEqual([200, 200]);
      expect((await statuses(b, '/api/posts', 1)).map((r) => r.status)).toEqual([429]);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });

  it('should leave health endpoints out', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'health'), rateLimit: { perIpPerMinute: 1, perSessionPerMinute: 1 } }));
    try {
      expect((await statuses(gateway, '/healthz', 5)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await gateway.destroy();
    }
  });
});
