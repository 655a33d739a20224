import { describe, expect, it } from 'vitest';
import type { Transaction } from '@freemarket/contracts';
import { ownsWhatItPaidFor, REPEAT_WINDOW_MS, samePaymentMadeRecently } from './paid-before';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function paid(patch: Partial<Transaction>): Transaction {
  return {
    id: crypto.randomUUID(),
    buyerId: 'bea',
    sellerId: 'sam',
    itemId: null,
    tutorialId: null,
    amount: '9.00',
    type: 'transfer',
    source: 'development',
    paymentMethod: 'card',
    status: 'succeeded',
    amountRefunded: '0.00',
    refundReason: null,
    description: 'Money transfer to Sam Seller',
    createdAt: minutesAgo(3),
    buyer: null,
    seller: null,
    ...patch,
  };
}

const sendNine = { amount: '9.00', sellerId: 'sam', type: 'transfer' } as const;

describe('samePaymentMadeRecently', () => {
  it('should find the newest payment of the same amount to the same member, of the same kind', () => {
    const newest = paid({ createdAt: minutesAgo(3) });
    expect(samePaymentMadeRecently([newest, paid({ createdAt: minutesAgo(30) })], sendNine, NOW)).toBe(newest);
    // '9' in a link is the same amount as the stored '9.00'.
    expect(samePaymentMadeRecently([newest], { ...sendNine, amount: '9' }, NOW)).toBe(newest);
  });

  it('should take another amount, member or kind, or a payment for an item or tutorial, as a different payment', () => {
    const others = [
      paid({ amount: '9.50' }),
      paid({ sellerId: 'cara' }),
      paid({ type: 'donation' }),
      paid({ type: 'purchase', itemId: crypto.randomUUID() }),
      paid({ type: 'purchase', tutorialId: crypto.randomUUID() }),
    ];
    expect(samePaymentMadeRecently(others, sendNine, NOW)).toBeNull();
    expect(samePaymentMadeRecently(others.slice(3), { amount: '9.00', sellerId: 'sam' }, NOW)).toBeNull();
  });

  it('should no longer ask about a payment made a day or more ago', () => {
    expect(samePaymentMadeRecently([paid({ createdAt: new Date(NOW - REPEAT_WINDOW_MS).toISOString() })], sendNine, NOW)).toBeNull();
    expect(samePaymentMadeRecently([paid({ createdAt: new Date(NOW - REPEAT_WINDOW_MS + 60_000).toISOString() })], sendNine, NOW)).not.toBeNull();
  });
});

describe('ownsWhatItPaidFor', () => {
  const bought = { itemId: crypto.randomUUID(), type: 'purchase' } as const;

  it('should count a purchase that went through, partly refunded or not', () => {
    expect(ownsWhatItPaidFor(paid({ ...bought, status: 'succeeded' }))).toBe(true);
    expect(ownsWhatItPaidFor(paid({ ...bought, status: 'partially_refunded', amountRefunded: '5.00' }))).toBe(true);
  });

  it('should not count one refunded in full, one never paid, or one FreeMarket is giving back on its own', () => {
    expect(ownsWhatItPaidFor(paid({ ...bought, status: 'refunded', amountRefunded: '9.00' }))).toBe(false);
    expect(ownsWhatItPaidFor(paid({ ...bought, status: 'failed' }))).toBe(false);
    expect(ownsWhatItPaidFor(paid({ ...bought, status: 'succeeded', refundReason: 'item_sold' }))).toBe(false);
    expect(ownsWhatItPaidFor(paid({ ...bought, status: 'succeeded', refundReason: 'paid_twice' }))).toBe(false);
  });
});
