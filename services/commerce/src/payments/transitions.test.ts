import { describe, expect, it } from 'vitest';
import { canMove, fromCents, isOpen, refundOutcome, successOutcome, toCents } from './transitions.js';

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
    expect(canMove('canceled', 'failed')).toBe(false);
    expect(canMove('refunded', 'partially_refunded')).toBe(false);
  });

  it('lets an abandoned payment still succeed when Stripe says it did, and a partial refund grow', () => {
    expect(canMove('pending', 'canceled')).toBe(true);
    expect(canMove('failed', 'canceled')).toBe(true);
    expect(canMove('canceled', 'succeeded')).toBe(true);
    expect(canMove('succeeded', 'partially_refunded')).toBe(true);
    expect(canMove('partially_refunded', 'partially_refunded')).toBe(true);
    expect(canMove('partially_refunded', 'refunded')).toBe(true);
  });
});

describe('refundOutcome', () => {
  const paid = { amount: '25.50', amountRefunded: '0.00', status: 'succeeded' as const };

  it('records a running total, capped at the payment, refunded in full at its amount', () => {
    expect(refundOutcome(paid, 1000)).toEqual({ amountRefunded: '10.00', status: 'partially_refunded' });
    expect(refundOutcome({ ...paid, amountRefunded: '10.00', status: 'partially_refunded' }, 2550)).toEqual({ amountRefunded: '25.50', status: 'refunded' });
    expect(refundOutcome(paid, Number.MAX_SAFE_INTEGER)).toEqual({ amountRefunded: '25.50', status: 'refunded' });
  });

  it('ignores a total no larger than the one recorded', () => {
    expect(refundOutcome({ ...paid, amountRefunded: '10.00', status: 'partially_refunded' }, 1000)).toBeNull();
    expect(refundOutcome({ ...paid, amountRefunded: '25.50', status: 'refunded' }, 500)).toBeNull();
  });
});

describe('fromCents', () => {
  it('writes cents as the API carries money', () => {
    expect(fromCents(1250)).toBe('12.50');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(1_000_000)).toBe('10000.00');
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

describe('isOpen', () => {
  it('holds a pending payment and a declined one whose intent Stripe keeps open, and nothing that has ended or is being ended', () => {
    expect(isOpen({ status: 'pending', stripePaymentIntentId: null, cancelDueAt: null })).toBe(true);
    expect(isOpen({ status: 'failed', stripePaymentIntentId: 'pi_1', cancelDueAt: null })).toBe(true);
    expect(isOpen({ status: 'failed', stripePaymentIntentId: null, cancelDueAt: null })).toBe(false);
    for (const status of ['canceled', 'succeeded', 'partially_refunded', 'refunded', 'recorded'] as const) expect(isOpen({ status, stripePaymentIntentId: 'pi_1', cancelDueAt: null })).toBe(false);
    expect(isOpen({ status: 'pending', stripePaymentIntentId: 'pi_1', cancelDueAt: new Date() })).toBe(false);
  });
});

describe('successOutcome', () => {
  it('settles an open or canceled payment, announces one a partial refund reached first, and ignores the rest', () => {
    expect(successOutcome({ status: 'pending', succeededAt: null })).toBe('settle');
    expect(successOutcome({ status: 'canceled', succeededAt: null })).toBe('settle');
    expect(successOutcome({ status: 'partially_refunded', succeededAt: null })).toBe('announce');
    expect(successOutcome({ status: 'partially_refunded', succeededAt: new Date() })).toBeNull();
    expect(successOutcome({ status: 'refunded', succeededAt: null })).toBeNull();
    expect(successOutcome({ status: 'succeeded', succeededAt: new Date() })).toBeNull();
  });
});
