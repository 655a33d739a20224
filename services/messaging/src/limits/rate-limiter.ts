import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '@freemarket/kit';

export interface RateLimit {
  count: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Until the window resets; 0 when allowed. */
  retryAfterMs: number;
}

/** A fixed-window counter per key: `count` takes per window, then refusals until it resets. */
export interface RateLimiter {
  take(key: string): Promise<RateDecision>;
}

/** One process's limiter, for local mode (one instance) and runs without Redis. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { used: number; resetAt: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string): Promise<RateDecision> {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + this.limit.windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.used += 1;
    return window.used <= this.limit.count ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: window.resetAt - now };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

// INCR and the first PEXPIRE in one step, so a key can never outlive its window.
const TAKE_SCRIPT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {used, redis.call('PTTL', KEYS[1])}
`;
const TAKE_SHA = createHash('sha1').update(TAKE_SCRIPT).digest('hex');

/** Shared by every instance through Redis, so a member's limit holds whichever instance they reach. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly limit: RateLimit,
    private readonly logger: Logger,
  ) {}

  async take(key: string): Promise<RateDecision> {
    try {
      // EVALSHA first: the script's text crosses the wire once per connection, not per message.
      const [used, ttl] = (await this.redis.evalsha(TAKE_SHA, 1, `${this.keyPrefix}${key}`, String(this.limit.windowSeconds * 1000)).catch((err: unknown) =>
        err instanceof Error && err.message.startsWith('NOSCRIPT')
          ? this.redis.eval(TAKE_SCRIPT, 1, `${this.keyPrefix}${key}`, String(this.limit.windowSeconds * 1000))
          : Promise.reject(err),
      )) as [number, number];
      return used <= this.limit.count ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: Math.max(ttl, 0) };
    } catch (err) {
      // @NOTE fails open: a limit protects members from floods; it must not stop them talking when Redis is down.
      this.logger.warn({ err }, 'rate limit unavailable; allowing');
      return { allowed: true, retryAfterMs: 0 };
    }
  }
}
