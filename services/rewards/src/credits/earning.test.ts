import { describe, expect, it } from 'vitest';
import { utcDay, wholeDollars } from './earning.js';
import { paymentSucceeded } from '../events/consumers/payment-succeeded.js';
import { reviewCreated } from '../events/consumers/review-created.js';

describe('wholeDollars', () => {
  it.each([
    ['0.99', 0],
    ['1', 1],
    ['12.99', 12],
    ['99999999.99', 99_999_999],
  ])('counts %s as %i whole dollars', (amount, dollars) => {
    expect(wholeDollars(amount)).toBe(dollars);
  });
});

describe('utcDay', () => {
  it('takes the UTC day, whatever offset the event was stamped with', () => {
    expect(utcDay('2025-03-01T23:30:00-02:00')).toBe('2025-03-02');
    expect(utcDay('2025-03-01T00:10:00+01:00')).toBe('2025-02-28');
    expect(utcDay('2025-03-01T12:00:00.000Z')).toBe('2025-03-01');
  });
});

describe('earning rules', () => {
  const payment = { transactionId: '6f9c1f0e-8a53-4a5e-9c1f-0e8a535a5e9c', buyerId: 'dev-a', sellerId: 'dev-b', type: 'donation' as const };

  it('pays the payer per whole dollar and names the payment', () => {
    expect(paymentSucceeded.toEarning({ ...payment, amount: '25.50' })).toEqual({
      userId: 'dev-a',
      action: 'purchase',
      relatedId: payment.transactionId,
      points: 25,
      description: 'Donation of $25.50',
    });
  });

  it('refuses a payment under a dollar and a payment to oneself', () => {
    expect(paymentSucceeded.toEarning({ ...payment, amount: '0.99' }).refused).toBe('under_one_dollar');
    expect(paymentSucceeded.toEarning({ ...payment, sellerId: 'dev-a', amount: '30' }).refused).toBe('self');
  });

  it('keys a review on the member reviewed, so a re-posted review is the same thing', () => {
    const a = reviewCreated.toEarning({ reviewId: '6f9c1f0e-8a53-4a5e-9c1f-0e8a535a5e9c', reviewerId: 'dev-a', revieweeId: 'dev-b', rating: 5 });
    const b = reviewCreated.toEarning({ reviewId: '7f9c1f0e-8a53-4a5e-9c1f-0e8a535a5e9c', reviewerId: 'dev-a', revieweeId: 'dev-b', rating: 2 });
    expect(a.relatedId).toBe(b.relatedId);
  });
});
