import type { Redis, Result } from 'ioredis';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    gatewayRateCount(key: string, windowMs: number, hits: number): Result<[number, number], Context>;
  }
}

/**
 * Adds `hits` to a fixed window: the first hit starts the clock, the key expires with it. Answers
 * the window's total so far and the milliseconds it has left. One round trip per call.
 */
const FIXED_WINDOW = `
local current = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** A window's count as the shared store knows it, including what was just added. */
export interface WindowCount {
  total: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Where counts from every gateway instance meet. */
export interface SharedCounts {
  add(key: string, hits: number, windowMs: number): Promise<WindowCount>;
}

/** Redis under the gateway's key prefix: `<prefix>rl:ip:<addr>`, `<prefix>rl:s:<session hash>`. */
export function redisSharedCounts(redis: Redis, keyPrefix: string): SharedCounts {
  redis.defineCommand('gatewayRateCount', { numberOfKeys: 1, lua: FIXED_WINDOW });
  return {
    async add(key, hits, windowMs) {
      const [total, ttlMs] = await redis.gatewayRateCount(keyPrefix + key, windowMs, hits);
      return { total, ttlMs };
    },
  };
}
