import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runTag, testInfra } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { WindowCounters } from '../src/http/rate-limits.js';
import { redisSharedCounts } from '../src/http/rate-limit-store.js';

let redis: Redis;

/** `instances` counters on one Redis, as that many gateway workers; each gets `perInstance` requests of one caller at once. */
async function burst(instances: number, perInstance: number, max: number): Promise<{ admitted: number; counted: number }> {
  const prefix = `fm:test:${runTag()}:rl:`;
  const counters = Array.from({ length: instances }, () => new WindowCounters(redisSharedCounts(redis, prefix), Date.now, instances));
  try {
    // Each worker has heard from Redis once for this caller, so the rest could be counted in batches.
    const verdicts = await Promise.all(counters.map((c) => c.hit('ip:203.0.113.7', max)));
    verdicts.push(...(await Promise.all(counters.flatMap((c) => Array.from({ length: perInstance - 1 }, () => c.hit('ip:203.0.113.7', max))))));
    await Promise.all(counters.map((c) => c.close()));
    return { admitted: verdicts.filter((v) => v.allowed).length, counted: Number(await redis.get(`${prefix}ip:203.0.113.7`)) };
  } finally {
    await Promise.all(counters.map((c) => c.close()));
  }
}

needs('redis', 'rate-limit counters shared by gateway workers').describe('rate limits under a burst spread over every gateway worker', () => {
  beforeAll(() => {
    redis = new Redis(testInfra().redisUrl!);
  });
  afterAll(() => redis?.quit());

  it('admit about the budget, not a budget per worker', async () => {
    const { admitted, counted } = await burst(8, 100, 100);
    expect(admitted).toBeGreaterThanOrEqual(90);
    expect(admitted).toBeLessThanOrEqual(110);
    expect(counted).toBeGreaterThanOrEqual(admitted);
  });

  it('keep a small budget exact', async () => {
    const { admitted } = await burst(4, 20, 10);
    expect(admitted).toBe(10);
  });
});
