import { describe, expect, it } from 'vitest';
import { canMove, toCents } from './transitions.js';

describe('canMove', () => {
  it('settles a pending payment either way, lets a failed one still succeed, and takes a refund whenever it comes', () => {
    expect(canMove('pending', 'succeeded')).toBe(true);
    expect(canMove('pending', 'failed')).toBe(true);
    expect(canMove('failed', 'succeeded')).toBe(true);
    expect(canMove('succeeded', 'refunded')).toBe(true);
    expect(canMove('pending', 'refunded')).toBe(true);
  });

  it('never moves a payment backwards, and never touches a logged one', () => {
    expect(canMove('succeeded', 'failed')).toBe(false);
    expect(canMove('succeeded', 'succeeded')).toBe(false);
    expect(canMove('refunded', 'succeeded')).toBe(false);
    expect(canMove('recorded', 'succeeded')).toBe(false);
  });
});

describe('toCents', () => {
  it('turns dollars with up to two decimals into whole cents without floating-point error', () => {
    expect(toCents('12.50')).toBe(1250);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('10000')).toBe(1_000_000);
  });
});
