import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra, waitFor } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { redisUnder, startGateway, startStack, testConfig, type Echo, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.close();
});

async function actorOn(gateway: RunningGateway, cookie: string): Promise<unknown> {
  return ((await (await fetch(`${gateway.url}/api/rewards/balance`, { headers: { cookie } })).json()) as Echo).actor;
}

async function logout(gateway: RunningGateway, cookie: string): Promise<void> {
  expect((await fetch(`${gateway.url}/api/logout`, { redirect: 'manual', headers: { cookie } })).status).toBe(302);
}

describe('sessions cached in process (SESSION_CACHE_MS)', () => {
  it('should end a session on the instance that logs it out at once, though it was just used', async () => {
    const gateway = await startGateway(testConfig(stack, { redis: redisUnder(stack, 'cache-own') }));
    try {
      const cookie = await gateway.signIn('lena');
      expect(await actorOn(gateway, cookie)).toEqual({ userId: 'lena' });
      await logout(gateway, cookie);
      expect(await actorOn(gateway, cookie)).toBeNull();
    } finally {
      await gateway.destroy();
    }
  });

  needs('redis', 'logouts announced to other gateway instances by pub/sub').it('should end a session on every other instance as soon as one logs it out', async () => {
    const config = testConfig(stack, { redis: redisUnder(stack, 'cache-shared') });
    const [a, b] = [await startGateway(config), await startGateway(config)];
    try {
      const cookie = await a.signIn('milo');
      expect(await actorOn(a, cookie)).toEqual({ userId: 'milo' });
      expect(await actorOn(b, cookie)).toEqual({ userId: 'milo' });
      const loggedOut = Date.now();
      await logout(a, cookie);
      // Told through Redis pub/sub, well before the 2 s cache would let the copy go.
      await waitFor('the other instance to drop the session', async () => (await actorOn(b, cookie)) === null, 1500, 20);
      expect(Date.now() - loggedOut).toBeLessThan(1500);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });

  needs('redis', 'a session deleted in the Redis store behind the gateway').it('should stop honouring a session removed from the store behind its back within SESSION_CACHE_MS', async () => {
    let now = Date.now();
    const redisConfig = redisUnder(stack, 'cache-ttl');
    const gateway = await startGateway(testConfig(stack, { redis: redisConfig }), { now: () => now });
    const redis = new Redis(testInfra().redisUrl!);
    try {
      const cookie = await gateway.signIn('nora');
      expect(await actorOn(gateway, cookie)).toEqual({ userId: 'nora' });
      // An operator deletes the record directly (no logout, so no announcement).
      await redis.del(`${redisConfig.keyPrefix}sess:${createHash('sha256').update(cookie.split('=')[1]!).digest('base64url')}`);
      expect(await actorOn(gateway, cookie)).toEqual({ userId: 'nora' });
      now += 2001;
      expect(await actorOn(gateway, cookie)).toBeNull();
    } finally {
      await redis.quit();
      await gateway.destroy();
    }
  });

  needs('redis', 'a session deleted in the Redis store behind the gateway').it('should ask the store on every request when SESSION_CACHE_MS is 0', async () => {
    const redisConfig = redisUnder(stack, 'cache-off');
    const gateway = await startGateway(testConfig(stack, { redis: redisConfig, session: { idleTimeoutMs: 3_600_000, absoluteTimeoutMs: 86_400_000, cacheMs: 0 } }));
    const redis = new Redis(testInfra().redisUrl!);
    try {
      const cookie = await gateway.signIn('owen');
      expect(await actorOn(gateway, cookie)).toEqual({ userId: 'owen' });
      await redis.del(`${redisConfig.keyPrefix}sess:${createHash('sha256').update(cookie.split('=')[1]!).digest('base64url')}`);
      expect(await actorOn(gateway, cookie)).toBeNull();
    } finally {
      await redis.quit();
      await gateway.destroy();
    }
  });
});
