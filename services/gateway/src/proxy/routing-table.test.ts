import { describe, expect, it } from 'vitest';
import { apiServiceOf, ROUTE_BUDGETS, ROUTING_TABLE } from './routing-table.js';

describe('ROUTING_TABLE', () => {
  it('should give each prefix to exactly one service', () => {
    const prefixes = ROUTING_TABLE.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('should never expose /internal', () => {
    expect(ROUTING_TABLE.some((r) => r.prefix.startsWith('/internal'))).toBe(false);
  });

  it('should keep every API prefix under /api', () => {
    for (const route of ROUTING_TABLE.filter((r) => r.kind === 'api')) expect(route.prefix).toMatch(/^\/api\/[a-z-]+$/);
  });

  it('should send the contact form to identity', () => {
    expect(apiServiceOf('/api/contact')).toBe('identity');
    // Every budgeted call goes to some service: a budget never names a path nothing serves.
    for (const path of ROUTE_BUDGETS.flatMap((b) => b.prefixes)) expect(apiServiceOf(path)).toBeDefined();
  });
});
