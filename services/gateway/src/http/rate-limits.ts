import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { TooManyRequestsError, type App } from '@freemarket/kit';
import { redisRateLimitStore } from './rate-limit-store.js';

export interface RateLimitSettings {
  perSessionPerMinute: number;
  perIpPerMinute: number;
  redis: Redis | null;
  keyPrefix: string;
}

type Check = ReturnType<App['createRateLimit']>;
type Outcome = Awaited<ReturnType<Check>>;

const WINDOW_MS = 60_000;

/**
 * Two budgets per minute: one per client address and one per signed-in session. Counters live in
 * Redis when there is one (shared by every gateway instance), else in a bounded in-memory LRU. If
 * Redis fails, requests pass rather than fail: the limiter guards capacity, not access.
 */
export class RateLimits {
  private constructor(
    private readonly perIp: Check,
    private readonly perSession: Check,
  ) {}

  static async register(app: App, settings: RateLimitSettings): Promise<RateLimits> {
    await app.register(rateLimit, {
      global: false,
      ...(settings.redis ? { store: redisRateLimitStore(settings.redis, `${settings.keyPrefix}rl:`) } : {}),
    });
    const perIp = app.createRateLimit({
      max: settings.perIpPerMinute,
      timeWindow: WINDOW_MS,
      skipOnError: true,
      keyGenerator: (req) => `ip:${normalizeIP(req.ip)}`,
    });
    const perSession = app.createRateLimit({
      max: settings.perSessionPerMinute,
      timeWindow: WINDOW_MS,
      skipOnError: true,
      keyGenerator: (req) => `s:${req.gatewaySession?.key ?? 'none'}`,
    });
    return new RateLimits(perIp, perSession);
  }

  /** Counts the request against its budgets; throws 429 with Retry-After when one is spent. */
  async enforce(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const outcomes = await Promise.all([this.perIp(req), req.gatewaySession ? this.perSession(req) : null]);
    const exceeded = outcomes.filter(isExceeded);
    if (exceeded.length === 0) return;
    const retryAfter = Math.max(1, ...exceeded.map((o) => o.ttlInSeconds));
    reply.header('retry-after', retryAfter);
    throw new TooManyRequestsError(`Too Many Requests: retry in ${retryAfter} seconds`);
  }
}

function isExceeded(outcome: Outcome | null): outcome is Extract<Outcome, { isAllowed: false }> {
  return outcome !== null && !outcome.isAllowed && outcome.isExceeded;
}
