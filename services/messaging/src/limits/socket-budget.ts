import type { RateLimit } from './rate-limiter.js';

/** The events one socket may send per window; beyond twice the limit the socket should be closed. */
export class SocketBudget {
  private used = 0;
  private resetAt = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  take(): 'ok' | 'refuse' | 'disconnect' {
    const now = this.now();
    if (now >= this.resetAt) {
      this.used = 0;
      this.resetAt = now + this.limit.windowSeconds * 1000;
    }
    this.used += 1;
    if (this.used <= this.limit.count) return 'ok';
    return this.used > 2 * this.limit.count ? 'disconnect' : 'refuse';
  }
}
