import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '@freemarket/kit';
import type { ActiveSession } from '../session/sessions.js';
import type { RouteBudgetName } from '../proxy/routing-table.js';
import { isServerCallback, routeBudgetOf } from './path-kind.js';
import { redisSharedCounts, type SharedCounts } from './rate-limit-store.js';

export interface RateLimitSettings {
  perSessionPerMinute: number;
  perIpPerMinute: number;
  /** The budgets of `ROUTE_BUDGETS`, per minute, on top of the two general ones. */
  routes: Record<RouteBudgetName, number>;
  redis: Redis | null;
  keyPrefix: string;
  /** Gateway processes counting against the same Redis budgets (this host's workers at least). */
  instances?: number;
}

const WINDOW_MS = 60_000;
/** How often each instance sends the requests it admitted to Redis and learns the others' totals. */
export const FLUSH_INTERVAL_MS = 100;
/**
 * When a budget is this close to spent (as this instance knows it), each request is counted in
 * Redis before it passes, so small budgets and the last tenth of large ones are exact.
 */
const EXACT_SHARE = 0.1;
/** Bound on the callers tracked in process; beyond it the oldest are forgotten. */
const MAX_TRACKED = 100_000;
/** Expired windows are swept every this many flushes. */
const SWEEP_EVERY = 50;

type Verdict = { allowed: true } | { allowed: false; retryAfterS: number };
const ALLOWED: Verdict = { allowed: true };

interface Window {
  /** Epoch ms when the window ends (Redis's word once it has answered). */
  end: number;
  /** The window's total over every instance, as Redis last reported it (or as counted here alone). */
  known: number;
  /** Admitted here and not yet sent to Redis. */
  pending: number;
  /** Admitted here without asking Redis, and not yet answered for by Redis (sent or not). */
  unseen: number;
  /** Whether Redis has answered for this window yet. */
  synced: boolean;
}

/**
 * Fixed one-minute windows counted in process. With Redis, each instance sends what it admitted
 * every FLUSH_INTERVAL_MS in one pipelined batch and learns the total over all instances from the
 * answer; a caller's first request in a window, every request once a budget is within a tenth of
 * being spent, and every request beyond an instance's share of that tenth since its last answer
 * from Redis (a tenth over `instances`) are counted in Redis before they pass. So instances
 * bursting together admit at most about a tenth of a budget between them unseen by Redis, and a
 * budget is overspent by at most about that much. Without Redis the count is exact and local (local mode is one process).
 * If Redis fails, requests pass (the limiter guards capacity, not access) and their counts are lost.
 */
export class WindowCounters {
  private readonly windows = new Map<string, Window>();
  private readonly dirty = new Set<string>();
  private readonly timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private flushes = 0;

  constructor(
    private readonly shared: SharedCounts | null,
    private readonly now: () => number = Date.now,
    private readonly instances = 1,
  ) {
    if (shared) {
      this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** Counts one request of `key` against a budget of `max` per window. */
  hit(key: string, max: number): Verdict | Promise<Verdict> {
    const now = this.now();
    let window = this.windows.get(key);
    if (window && now >= window.end) {
      this.windows.delete(key);
      window = undefined;
    }
    if (!window) {
      if (this.windows.size >= MAX_TRACKED) this.windows.delete(this.windows.keys().next().value!);
      window = { end: now + WINDOW_MS, known: 0, pending: 0, unseen: 0, synced: this.shared === null };
      this.windows.set(key, window);
    }
    // A window's total only grows, so a spent budget is refused here without asking Redis.
    if (window.known + window.pending >= max) return { allowed: false, retryAfterS: seconds(window.end - now) };
    if (!this.decidesAlone(window, max)) return this.countNow(this.shared!, key, window, max);
    this.count(key, window);
    return ALLOWED;
  }

  /**
   * Whether one more request of `key` may pass on what this process knows alone (see `hit`), its
   * window being current. Counts nothing; `take` does.
   */
  canTakeNow(key: string, max: number): boolean {
    const window = this.windows.get(key);
    return window !== undefined && this.now() < window.end && this.decidesAlone(window, max);
  }

  /** Counts one request of `key`, which `canTakeNow` has just allowed. */
  take(key: string): void {
    this.count(key, this.windows.get(key)!);
  }

  /**
   * Without Redis, whether the budget has room; with it, whether Redis has answered for the window
   * and neither the budget's last tenth nor this instance's unseen share would be reached.
   */
  private decidesAlone(window: Window, max: number): boolean {
    if (!this.shared) return window.known + 1 <= max;
    const tenth = Math.ceil(max * EXACT_SHARE);
    const unseenShare = Math.floor(tenth / Math.max(1, this.instances));
    return window.synced && window.unseen + 1 <= unseenShare && window.known + window.pending + 1 <= max - tenth;
  }

  private count(key: string, window: Window): void {
    if (!this.shared) {
      window.known++;
      return;
    }
    window.pending++;
    window.unseen++;
    this.dirty.add(key);
  }

  /** Sends what was admitted since the last flush; resolves when Redis has answered. */
  flush(): Promise<void> {
    this.flushing ??= this.sendPending().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** Stops the timer and sends what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    // A flush already running when close began covers only the keys dirty when it started.
    if (this.dirty.size > 0) await this.flush();
  }

  private async countNow(shared: SharedCounts, key: string, window: Window, max: number): Promise<Verdict> {
    const hits = window.pending + 1;
    window.pending = 0;
    try {
      const count = await shared.add(key, hits, WINDOW_MS);
      this.learn(window, count.total, count.ttlMs, hits - 1);
      return count.total <= max ? ALLOWED : { allowed: false, retryAfterS: seconds(count.ttlMs) };
    } catch {
      window.unseen = Math.max(0, window.unseen - (hits - 1));
      return ALLOWED;
    }
  }

  private async sendPending(): Promise<void> {
    const shared = this.shared;
    if (!shared) return;
    if (++this.flushes % SWEEP_EVERY === 0) this.sweep();
    const keys = [...this.dirty];
    this.dirty.clear();
    await Promise.all(
      keys.map(async (key) => {
        const window = this.windows.get(key);
        if (!window || window.pending === 0) return;
        const hits = window.pending;
        window.pending = 0;
        try {
          const count = await shared.add(key, hits, WINDOW_MS);
          this.learn(window, count.total, count.ttlMs, hits);
        } catch {
          // Fail open: these hits go uncounted.
          window.unseen = Math.max(0, window.unseen - hits);
        }
      }),
    );
  }

  /** Redis answered for `answered` hits this instance had admitted on its own. */
  private learn(window: Window, total: number, ttlMs: number, answered: number): void {
    window.unseen = Math.max(0, window.unseen - answered);
    const end = this.now() + ttlMs;
    // Redis started a new window after ours ended there: its total replaces ours.
    window.known = end > window.end + 1000 ? total : Math.max(window.known, total);
    window.end = end;
    window.synced = true;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (now >= window.end && window.pending === 0) this.windows.delete(key);
  }
}

/**
 * Two budgets per minute: one per client address (`/api`, `/oidc`, `/socket.io`) and one per
 * signed-in session; and for the calls of `ROUTE_BUDGETS` a tighter one of their own, per address
 * or per caller. 429 with Retry-After when any is spent.
 */
export class RateLimits {
  private constructor(
    private readonly counters: WindowCounters,
    private readonly settings: RateLimitSettings,
  ) {}

  static create(settings: RateLimitSettings): RateLimits {
    const shared = settings.redis ? redisSharedCounts(settings.redis, `${settings.keyPrefix}rl:`) : null;
    return new RateLimits(new WindowCounters(shared, Date.now, settings.instances), settings);
  }

  /** Counts the request against its budgets; throws 429 with Retry-After when one is spent. */
  enforce(req: FastifyRequest, reply: FastifyReply): void | Promise<void> {
    const perIp = isServerCallback(req.url) ? ALLOWED : this.counters.hit(`ip:${normalizeIP(req.ip)}`, this.settings.perIpPerMinute);
    const perSession = req.gatewaySession ? this.counters.hit(`s:${req.gatewaySession.key}`, this.settings.perSessionPerMinute) : ALLOWED;
    const budget = routeBudgetOf(req.method, req.url);
    const spender = budget?.per === 'caller' && req.gatewaySession ? `s:${req.gatewaySession.key}` : `ip:${normalizeIP(req.ip)}`;
    const perRoute = budget ? this.counters.hit(`r:${budget.name}:${spender}`, this.settings.routes[budget.name]) : ALLOWED;
    if (perIp instanceof Promise || perSession instanceof Promise || perRoute instanceof Promise) {
      return Promise.all([perIp, perSession, perRoute]).then((verdicts) => refuseIfSpent(verdicts, reply));
    }
    refuseIfSpent([perIp, perSession, perRoute], reply);
  }

  /**
   * Counts the request and returns true when both general budgets allow it without a word from
   * Redis (`WindowCounters.canTakeNow`) and it has no route budget; otherwise counts nothing and
   * returns false, for `enforce`.
   */
  passNow(ip: string, session: ActiveSession | null, method: string, url: string): boolean {
    // A call with a budget of its own is counted by `enforce`, on the Fastify path.
    if (routeBudgetOf(method, url)) return false;
    const ipKey = `ip:${normalizeIP(ip)}`;
    if (!this.counters.canTakeNow(ipKey, this.settings.perIpPerMinute)) return false;
    const sessionKey = session ? `s:${session.key}` : null;
    if (sessionKey && !this.counters.canTakeNow(sessionKey, this.settings.perSessionPerMinute)) return false;
    this.counters.take(ipKey);
    if (sessionKey) this.counters.take(sessionKey);
    return true;
  }

  /** Sends the counts not yet in Redis; call before closing Redis. */
  close(): Promise<void> {
    return this.counters.close();
  }
}

function refuseIfSpent(verdicts: Verdict[], reply: FastifyReply): void {
  let retryAfter = 0;
  for (const verdict of verdicts) if (!verdict.allowed) retryAfter = Math.max(retryAfter, verdict.retryAfterS);
  if (retryAfter === 0) return;
  reply.header('retry-after', retryAfter);
  throw new TooManyRequestsError(`Too Many Requests: retry in ${retryAfter} seconds`);
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
