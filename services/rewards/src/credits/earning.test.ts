import { describe, expect, it } from 'vitest';
import { dayKey, decideEarnings, pointsToTakeBack, thingKey, utcDay, wholeDollars, type Claim, type Decision, type PriorCredits } from './earning.js';
import { eventAttendanceCancelled } from '../events/consumers/event-attendance-cancelled.js';
import { eventAttended } from '../events/consumers/event-attended.js';
import { paymentRefunded } from '../events/consumers/payment-refunded.js';
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

const payment = { transactionId: '6f9c1f0e-8a53-4a5e-9c1f-0e8a535a5e9c', buyerId: 'dev-a', sellerId: 'dev-b', type: 'purchase' as const };

describe('earning rules', () => {
  it('pays the payer per whole dollar and names the payment', () => {
    expect(paymentSucceeded.toEarning({ ...payment, amount: '25.50' })).toEqual({
      userId: 'dev-a',
      action: 'purchase',
      relatedId: payment.transactionId,
      points: 25,
      description: 'Purchase of $25.50',
    });
  });

  it('refuses a payment under a dollar and a payment to oneself', () => {
    expect(paymentSucceeded.toEarning({ ...payment, amount: '0.99' }).refused).toBe('under_one_dollar');
    expect(paymentSucceeded.toEarning({ ...payment, sellerId: 'dev-a', amount: '30' }).refused).toBe('self');
  });

  it('records a donation or a money transfer without points, naming it', () => {
    expect(paymentSucceeded.toEarning({ ...payment, type: 'donation', amount: '25.50' })).toMatchObject({ refused: 'not_a_purchase', description: 'Donation of $25.50' });
    expect(paymentSucceeded.toEarning({ ...payment, type: 'transfer', amount: '40.00' })).toMatchObject({ refused: 'not_a_purchase', description: 'Money transfer of $40.00' });
  });

  it('keys a review on the member reviewed, so a re-posted review is the same thing', () => {
    const a = reviewCreated.toEarning({ reviewId: '6f9c1f0e-8a53-4a5e-9c1f-0e8a535a5e9c', reviewerId: 'dev-a', revieweeId: 'dev-b', rating: 5 });
    const b = reviewCreated.toEarning({ reviewId: '7f9c1f0e-8a53-4a5e-9c1f-0e8a535a5e9c', reviewerId: 'dev-a', revieweeId: 'dev-b', rating: 2 });
    expect(a.relatedId).toBe(b.relatedId);
  });
});

describe(decideEarnings.name, () => {
  const today = '2025-03-01T12:00:00.000Z';
  const nothingBefore: PriorCredits = { decided: new Set(), creditedPerDay: new Map() };
  let seq = 0;
  const review = (reviewerId: string, revieweeId = `dev-${++seq}`, occurredAt = today): Claim => ({
    event: { id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`, occurredAt },
    earning: reviewCreated.toEarning({ reviewId: '6f9c1f0e-8a53-4a5e-9c1f-0e8a535a5e9c', reviewerId, revieweeId, rating: 5 }),
  });
  const kinds = (decisions: Decision[]) => decisions.map((d) => (d.kind === 'not-credited' ? d.reason : d.kind));

  it('credits up to the daily cap, then records the rest of the day as capped', () => {
    const claims = Array.from({ length: 12 }, () => review('dev-a'));
    expect(kinds(decideEarnings(nothingBefore, claims))).toEqual([...Array<string>(10).fill('credited'), 'daily_cap', 'daily_cap']);
  });

  it('counts the day\'s earlier credits against the cap, and a new UTC day starts afresh', () => {
    const prior: PriorCredits = { decided: new Set(), creditedPerDay: new Map([[dayKey('dev-a', 'review', '2025-03-01'), 9]]) };
    const claims = [review('dev-a'), review('dev-a'), review('dev-a', undefined, '2025-03-02T00:00:01.000Z')];
    expect(kinds(decideEarnings(prior, claims))).toEqual(['credited', 'daily_cap', 'credited']);
  });

  it('decides a thing once: a repeat in the batch or one decided before is a duplicate', () => {
    const prior: PriorCredits = { decided: new Set([thingKey({ userId: 'dev-a', action: 'review', relatedId: 'dev-old' })]), creditedPerDay: new Map() };
    const claims = [review('dev-a', 'dev-same'), review('dev-a', 'dev-same'), review('dev-a', 'dev-old')];
    expect(kinds(decideEarnings(prior, claims))).toEqual(['credited', 'duplicate', 'duplicate']);
  });

  it('records a refusal without using up a cap slot', () => {
    const claims = [review('dev-a', 'dev-a'), ...Array.from({ length: 10 }, () => review('dev-a'))];
    expect(kinds(decideEarnings(nothingBefore, claims))).toEqual(['self', ...Array<string>(10).fill('credited')]);
  });

  it('never caps purchases', () => {
    const purchases = Array.from({ length: 30 }, (_, i): Claim => ({
      event: { id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, occurredAt: today },
      earning: paymentSucceeded.toEarning({ ...payment, transactionId: `6f9c1f0e-8a53-4a5e-9c1f-${String(i).padStart(12, '0')}`, amount: '5' }),
    }));
    expect(kinds(decideEarnings(nothingBefore, purchases))).toEqual(Array<string>(30).fill('credited'));
  });

  it('decides in the order the events happened, whatever order they arrived in', () => {
    const later = review('dev-a', 'dev-same', '2025-03-01T12:00:05.000Z');
    const earlier = review('dev-a', 'dev-same', '2025-03-01T12:00:01.000Z');
    const [first, second] = decideEarnings(nothingBefore, [later, earlier]);
    expect([first!.kind, first!.claim]).toEqual(['credited', earlier]);
    expect([second!.kind, second!.claim]).toEqual(['duplicate', later]);
  });
});

describe(pointsToTakeBack.name, () => {
  it('takes back a whole RSVP credit once: a second cancellation of the same RSVP takes nothing', () => {
    expect(pointsToTakeBack({ total: 'all' }, { credited: 15, takenSoFar: 0, balance: 40 })).toBe(15);
    expect(pointsToTakeBack({ total: 'all' }, { credited: 15, takenSoFar: 15, balance: 25 })).toBe(0);
  });

  it('takes nothing of an earning recorded without points (over the cap, say)', () => {
    expect(pointsToTakeBack({ total: 'all' }, { credited: 0, takenSoFar: 0, balance: 40 })).toBe(0);
  });

  it('takes a running total up to what was credited, less what was taken before', () => {
    expect(pointsToTakeBack({ total: 15 }, { credited: 40, takenSoFar: 0, balance: 40 })).toBe(15);
    expect(pointsToTakeBack({ total: 60 }, { credited: 40, takenSoFar: 15, balance: 25 })).toBe(25);
    expect(pointsToTakeBack({ total: 15 }, { credited: 40, takenSoFar: 25, balance: 15 })).toBe(0);
  });

  it('never takes the balance below zero', () => {
    expect(pointsToTakeBack({ total: 'all' }, { credited: 15, takenSoFar: 0, balance: 6 })).toBe(6);
  });
});

describe('take-back rules', () => {
  const eventId = '1b0f7f52-2c4e-4a77-9f3e-3c1b2f7d6a10';

  it('takes back the very credit an RSVP earned, and says why in Recent Activity', () => {
    const earned = eventAttended.toEarning({ eventId, userId: 'dev-a' });
    const cancelled = eventAttendanceCancelled.toTakeBack({ eventId, userId: 'dev-a', reason: 'cancelled' });
    expect(cancelled).toMatchObject({ userId: earned.userId, action: earned.action, relatedId: earned.relatedId, total: 'all', creditAnnounced: true });
    expect(cancelled.description).toBe('RSVP cancelled: points taken back');
    expect(eventAttendanceCancelled.toTakeBack({ eventId, userId: 'dev-a', reason: 'event_deleted' }).description).toBe('Event cancelled by its host: points taken back');
  });

  it('takes back a refund’s whole dollars from the payment’s credit', () => {
    const refund = { ...payment, amount: '40.00', amountRefunded: '15.50', succeededAnnounced: true };
    expect(paymentRefunded.toTakeBack(refund)).toEqual({
      userId: 'dev-a',
      action: 'purchase',
      relatedId: payment.transactionId,
      total: 15,
      description: 'Refund of $15.50 of $40.00: points taken back',
      creditAnnounced: true,
    });
  });
});
