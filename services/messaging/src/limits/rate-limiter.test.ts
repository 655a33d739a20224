import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limiter.js';
import { SocketBudget } from './socket-budget.js';

describe(MemoryRateLimiter.name, () => {
  it('should allow the limit per window per key, then refuse until the window resets', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter({ count: 2, windowSeconds: 10 }, () => now);
    expect((await limiter.take('ada')).allowed).toBe(true);
    expect((await limiter.take('ada')).allowed).toBe(true);
    now += 4_000;
    expect(await limiter.take('ada')).toEqual({ allowed: false, retryAfterMs: 6_000 });
    expect((await limiter.take('bob')).allowed).toBe(true);
    now += 6_000;
    expect((await limiter.take('ada')).allowed).toBe(true);
  });
});

describe(SocketBudget.name, () => {
  it('should refuse events past the limit and ask for a disconnect past twice the limit', () => {
    let now = 0;
    const budget = new SocketBudget({ count: 2, windowSeconds: 1 }, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take(), budget.take()]).toEqual(['ok', 'ok', 'refuse', 'refuse', 'disconnect']);
    now += 1_000;
    expect(budget.take()).toBe('ok');
  });
});
