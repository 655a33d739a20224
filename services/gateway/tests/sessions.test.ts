import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { parseSetCookies, redisUnder, startGateway, startStack, testConfig, type Echo, type RunningGateway, type TestStack } from './_util.js';

const MINUTE = 60_000;

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.close();
});

/** The same expiry rules, whichever store keeps the sessions. */
function sessionExpiry(storeName: string, useRedis: boolean): void {
  let gateway: RunningGateway;
  let now = Date.now();

  beforeAll(async () => {
    const config = testConfig(stack, {
      redis: useRedis ? redisUnder(stack, storeName) : { url: null, keyPrefix: 'unused:' },
      session: { idleTimeoutMs: 60 * MINUTE, absoluteTimeoutMs: 180 * MINUTE, cacheMs: 2000 },
    });
    gateway = await startGateway(config, { now: () => now });
  });

  afterAll(async () => {
    await gateway?.destroy();
  });

  async function actorAt(cookie: string): Promise<{ actor: unknown; response: Response }> {
    const response = await fetch(`${gateway.url}/api/rewards/balance`, { headers: { cookie } });
    return { actor: ((await response.json()) as Echo).actor, response };
  }

  it('should end a session left idle past the idle timeout', async () => {
    const cookie = await gateway.signIn('ivy');
    now += 59 * MINUTE;
    expect((await actorAt(cookie)).actor).toEqual({ userId: 'ivy' });
    now += 59 * MINUTE;
    expect((await actorAt(cookie)).actor).toEqual({ userId: 'ivy' });
    now += 61 * MINUTE;
    const { actor, response } = await actorAt(cookie);
    expect(actor).toBeNull();
    expect(parseSetCookies(response).get('fm.sid')?.value).toBe('');
  });

  it('should end a busy session at the absolute timeout', async () => {
    const cookie = await gateway.signIn('jack');
    for (let elapsed = 0; elapsed < 170; elapsed += 50) {
      expect((await actorAt(cookie)).actor).toEqual({ userId: 'jack' });
      now += 50 * MINUTE;
    }
    // 200 minutes after sign-in, never idle for more than 50.
    expect((await actorAt(cookie)).actor).toBeNull();
  });

  it('should ignore a malformed or unknown cookie', async () => {
    expect((await actorAt('fm.sid=not-a-session')).actor).toBeNull();
    expect((await actorAt(`fm.sid=${'A'.repeat(43)}`)).actor).toBeNull();
  });
}

needs('redis', 'sessions kept in Redis').describe('sessions (redis store)', () => sessionExpiry('redis', true));
describe('sessions (memory store)', () => sessionExpiry('memory', false));

describe('session storage', () => {
  needs('redis', 'sessions kept in Redis').it('should keep only a hash of the id in Redis, with a TTL, and not rewrite it on every request', async () => {
    const redisConfig = redisUnder(stack, 'storage');
    let now = Date.now();
    const gateway = await startGateway(testConfig(stack, { redis: redisConfig }), { now: () => now });
    const redis = new Redis(testInfra().redisUrl!);
    try {
      const cookie = await gateway.signIn('kim');
      const id = cookie.split('=')[1]!;
      const keys = await redis.keys(`${redisConfig.keyPrefix}*`);
      expect(keys.some((k) => k.includes(id))).toBe(false);
      const key = `${redisConfig.keyPrefix}sess:${createHash('sha256').update(id).digest('base64url')}`;
      expect(keys).toContain(key);
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      const stored = JSON.parse((await redis.get(key))!) as { userId: string; createdAt: number; lastSeenAt: number };
      expect(stored).toEqual({ userId: 'kim', createdAt: now, lastSeenAt: now });

      now += 10_000;
      await fetch(`${gateway.url}/api/posts`, { headers: { cookie } });
      expect(JSON.parse((await redis.get(key))!)).toEqual(stored);

      now += 60_000;
      await fetch(`${gateway.url}/api/posts`, { headers: { cookie } });
      expect(JSON.parse((await redis.get(key))!)).toEqual({ ...stored, lastSeenAt: now });
    } finally {
      await redis.quit();
      await gateway.destroy();
    }
  });
});
