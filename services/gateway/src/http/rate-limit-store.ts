import type { Redis, Result } from 'ioredis';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    gatewayRateLimit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

/** A fixed window: the first hit starts the clock, the key expires with it. One round trip per check. */
const FIXED_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/**
 * The plugin's own Redis store names keys after the route it guards; ours are per caller across
 * the whole gateway, so this store keeps the key the limiter hands it, under our prefix.
 */
export function redisRateLimitStore(redis: Redis, keyPrefix: string): FastifyRateLimitStoreCtor {
  redis.defineCommand('gatewayRateLimit', { numberOfKeys: 1, lua: FIXED_WINDOW });
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      redis.gatewayRateLimit(keyPrefix + key, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (err: Error) => callback(err),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
