import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { TooManyRequestsError, type App } from '@freemarket/kit';
import { ROUTE_BUDGET_NAMES, type RouteBudgetName } from '../proxy/routing-table.js';
import { isServerCallback, routeBudgetOf } from './path-kind.js';

export interface RateLimitSettings {
  perSessionPerMinute: number;
  perIpPerMinute: number;
  /** The budgets of `ROUTE_BUDGETS`, per minute, on top of the two general ones. */
  routes: Record<RouteBudgetName, number>;
  /** Where every gateway instance counts; without it, counts are this process's own (local mode). */
  redis: Redis | null;
  keyPrefix: string;
}

const WINDOW_MS = 60_000;

/** One budget: counts a request under the key it names and answers whether the budget is spent. */
type Budget = (req: FastifyRequest) => Promise<{ exceeded: boolean; retryAfterS: number }>;

/**
 * A general budget per minute for each caller, a signed-in member by session and anyone else by
 * client address (`/api`, `/oidc`, `/socket.io`), so members behind one shared address do not spend
 * each other's; and for the calls of `ROUTE_BUDGETS` a tighter one of their own, per address or
 * per caller. 429 with Retry-After when one is spent. Counted by @fastify/rate-limit in fixed
 * one-minute windows, in Redis when there is one (shared by every gateway instance). If Redis
 * fails, requests pass: the limits guard capacity, not access.
 */
export class RateLimits {
  private constructor(
    private readonly perIp: Budget,
    private readonly perSession: Budget,
    private readonly perRoute: Record<RouteBudgetName, Budget>,
  ) {}

  static async register(app: App, settings: RateLimitSettings): Promise<RateLimits> {
    const budget = (name: string, max: number, key: (req: FastifyRequest) => string) => limiter(app, settings, name, max, key);
    const perRoute = {} as Record<RouteBudgetName, Budget>;
    for (const name of ROUTE_BUDGET_NAMES) perRoute[name] = await budget(`r:${name}`, settings.routes[name], routeSpender);
    return new RateLimits(await budget('ip', settings.perIpPerMinute, addressOf), await budget('s', settings.perSessionPerMinute, sessionOf), perRoute);
  }

  /** Counts the request against its budgets; throws 429 with Retry-After when one is spent. */
  async enforce(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const counting: ReturnType<Budget>[] = [];
    if (req.gatewaySession) counting.push(this.perSession(req));
    // A payment provider's signed callbacks come from few addresses in bursts; their signature guards them.
    else if (!isServerCallback(req.url)) counting.push(this.perIp(req));
    const route = routeBudgetOf(req.method, req.url);
    if (route) counting.push(this.perRoute[route.name](req));
    let retryAfter = 0;
    for (const verdict of await Promise.all(counting)) if (verdict.exceeded) retryAfter = Math.max(retryAfter, verdict.retryAfterS);
    if (retryAfter === 0) return;
    reply.header('retry-after', retryAfter);
    throw new TooManyRequestsError(`Too Many Requests: retry in ${retryAfter} seconds`);
  }
}

const addressOf = (req: FastifyRequest) => normalizeIP(req.ip);
const sessionOf = (req: FastifyRequest) => req.gatewaySession!.key;
/** A route budget spent per caller counts a signed-in member by session, anyone else by address. */
function routeSpender(req: FastifyRequest): string {
  const per = routeBudgetOf(req.method, req.url)?.per;
  return per === 'caller' && req.gatewaySession ? `s:${req.gatewaySession.key}` : `ip:${addressOf(req)}`;
}

/**
 * One budget as its own instance of the plugin, in a scope of its own, so that each has its own
 * key space (`<prefix>rl:<name>:<key>`) and limit; `createRateLimit` counts without answering.
 */
async function limiter(app: App, settings: RateLimitSettings, name: string, max: number, key: (req: FastifyRequest) => string): Promise<Budget> {
  let check: ReturnType<App['createRateLimit']> | undefined;
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      max,
      timeWindow: WINDOW_MS,
      keyGenerator: key,
      skipOnError: true,
      ...(settings.redis ? { redis: settings.redis, nameSpace: `${settings.keyPrefix}rl:${name}:` } : {}),
    });
    check = scope.createRateLimit();
  });
  const counted = check!;
  return async (req) => {
    const verdict = await counted(req);
    return verdict.isAllowed ? { exceeded: false, retryAfterS: 0 } : { exceeded: verdict.isExceeded, retryAfterS: Math.max(1, verdict.ttlInSeconds) };
  };
}
