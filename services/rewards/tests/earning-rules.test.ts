import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REWARD_RULES, type Envelope } from '@freemarket/contracts';
import { waitFor } from '@freemarket/testing';
import { outbox, rewardTransactions } from '../src/db/schema/index.js';
import type { TestProducer } from './fixtures/producer/test-producer.js';
import { activityOf, balanceOf, startProducer, startRewards, waitProcessed, type RewardsUnderTest } from './_util.js';

let sut: RewardsUnderTest;
let producer: TestProducer;

beforeAll(async () => {
  sut = await startRewards();
  producer = await startProducer(sut);
});
afterAll(async () => {
  await producer?.close();
  await sut?.stop();
});

const member = (name: string) => `dev-${name}-${randomUUID().slice(0, 8)}`;
const db = () => sut.service.runtime.db;

/** Emits through the producer's outbox and waits until rewards has handled every event. */
async function deliver(...events: Envelope[]): Promise<void> {
  await waitProcessed(db(), events.map((e) => e.id));
}

describe('earning points (spec 02 §9)', () => {
  it('credits +10 to the reviewer, nothing to the member reviewed', async () => {
    const reviewer = member('reviewer');
    const reviewee = member('reviewee');
    await deliver(await producer.emit('review.created', { reviewId: randomUUID(), reviewerId: reviewer, revieweeId: reviewee, rating: 5 }));
    expect(await balanceOf(sut, reviewer)).toEqual({ balance: 10, lifetimeEarned: 10, lifetimeRedeemed: 0 });
    expect((await balanceOf(sut, reviewee)).balance).toBe(0);
  });

  it('credits +20 to the referrer', async () => {
    const referrer = member('referrer');
    await deliver(await producer.emit('referral.created', { referralId: randomUUID(), referrerId: referrer, businessName: 'Corner Bakery' }));
    expect((await balanceOf(sut, referrer)).balance).toBe(20);
    expect((await activityOf(sut, referrer)).items[0]).toMatchObject({ action: 'referral', amount: 20, description: 'Referred Corner Bakery', credited: true });
  });

  it('credits +15 for attending an event, and a second RSVP to the same event earns nothing', async () => {
    const attendee = member('attendee');
    const eventId = randomUUID();
    await deliver(await producer.emit('event.attended', { eventId, userId: attendee }));
    await deliver(await producer.emit('event.attended', { eventId, userId: attendee }));
    expect((await balanceOf(sut, attendee)).balance).toBe(15);
    expect((await activityOf(sut, attendee)).items).toHaveLength(1);
  });

  it('credits +5 to the responder of a survey', async () => {
    const responder = member('responder');
    await deliver(await producer.emit('survey.response.created', { responseId: randomUUID(), surveyId: randomUUID(), responderId: responder }));
    expect((await balanceOf(sut, responder)).balance).toBe(5);
  });

  it('credits +15 for joining a project, and leaving and re-joining earns nothing more', async () => {
    const joiner = member('joiner');
    const projectId = randomUUID();
    await deliver(await producer.emit('project.joined', { projectId, userId: joiner }));
    await producer.emit('project.left', { projectId, userId: joiner });
    await deliver(await producer.emit('project.joined', { projectId, userId: joiner }));
    expect((await balanceOf(sut, joiner)).balance).toBe(15);
    await deliver(await producer.emit('project.joined', { projectId: randomUUID(), userId: joiner }));
    expect((await balanceOf(sut, joiner)).balance).toBe(30);
  });

  it('credits +25 to the creator of a tutorial', async () => {
    const creator = member('creator');
    await deliver(await producer.emit('tutorial.created', { tutorialId: randomUUID(), creatorId: creator }));
    expect((await balanceOf(sut, creator)).balance).toBe(25);
  });

  it('credits the payer 1 point per whole dollar, nothing to the seller, and records a payment under a dollar as not credited', async () => {
    const buyer = member('buyer');
    const seller = member('seller');
    const pay = (amount: string) => ({ transactionId: randomUUID(), buyerId: buyer, sellerId: seller, amount, type: 'purchase' as const });
    await deliver(await producer.emit('payment.succeeded', pay('42.99')), await producer.emit('payment.succeeded', pay('0.50')));
    expect((await balanceOf(sut, buyer)).balance).toBe(42);
    expect((await balanceOf(sut, seller)).balance).toBe(0);
    const { items } = await activityOf(sut, buyer);
    expect(items.map((i) => [i.amount, i.credited, i.reason]).sort()).toEqual([
      [0, false, 'under_one_dollar'],
      [42, true, null],
    ]);
  });

  it('credits a payment once even when the payment provider reports it twice', async () => {
    const buyer = member('buyer');
    const data = { transactionId: randomUUID(), buyerId: buyer, sellerId: member('seller'), amount: '10.00', type: 'purchase' as const };
    await deliver(await producer.emit('payment.succeeded', data), await producer.emit('payment.succeeded', data));
    expect((await balanceOf(sut, buyer)).balance).toBe(10);
  });

  it('records donations and money transfers without points, and says why', async () => {
    const payer = member('payer');
    const sent = (type: 'donation' | 'transfer') => ({ transactionId: randomUUID(), buyerId: payer, sellerId: member('payee'), amount: '50.00', type });
    await deliver(await producer.emit('payment.succeeded', sent('donation')), await producer.emit('payment.succeeded', sent('transfer')));
    expect((await balanceOf(sut, payer)).balance).toBe(0);
    const { items } = await activityOf(sut, payer);
    expect(items.map((i) => [i.description, i.credited, i.reason]).sort()).toEqual([
      ['Donation of $50.00', false, 'not_a_purchase'],
      ['Money transfer of $50.00', false, 'not_a_purchase'],
    ]);
  });

  it('gives nothing for reviewing oneself, and says why', async () => {
    const self = member('self');
    await deliver(await producer.emit('review.created', { reviewId: randomUUID(), reviewerId: self, revieweeId: self, rating: 5 }));
    expect((await balanceOf(sut, self)).balance).toBe(0);
    expect((await activityOf(sut, self)).items[0]).toMatchObject({ credited: false, reason: 'self', amount: 0 });
  });
});

describe('daily caps', () => {
  it('pays at most the daily cap of reviews, records the rest as not credited, and pays again the next UTC day', async () => {
    const farmer = member('farmer');
    const cap = REWARD_RULES.review.dailyCap!;
    const review = () => ({ type: 'review.created' as const, data: { reviewId: randomUUID(), reviewerId: farmer, revieweeId: member('stranger'), rating: 5 } });
    const today = await producer.emitMany(Array.from({ length: cap + 5 }, review));
    await deliver(...today);
    expect((await balanceOf(sut, farmer)).balance).toBe(cap * 10);
    const capped = await db().select().from(rewardTransactions).where(eq(rewardTransactions.userId, farmer));
    expect(capped.filter((r) => !r.credited).map((r) => [r.amount, r.reason])).toEqual(Array.from({ length: 5 }, () => [0, 'daily_cap']));

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const next = { id: randomUUID(), type: 'review.created' as const, occurredAt: tomorrow, producer: 'test-producer', data: review().data };
    await producer.emitEnvelope(next);
    await deliver(next);
    expect((await balanceOf(sut, farmer)).balance).toBe((cap + 1) * 10);
  });

  it('keeps the cap per action: capped reviews do not hold back a tutorial', async () => {
    const busy = member('busy');
    const reviews = Array.from({ length: REWARD_RULES.review.dailyCap! + 1 }, () => ({
      type: 'review.created' as const,
      data: { reviewId: randomUUID(), reviewerId: busy, revieweeId: member('other'), rating: 4 },
    }));
    await deliver(...(await producer.emitMany([...reviews, { type: 'tutorial.created', data: { tutorialId: randomUUID(), creatorId: busy } }])));
    expect((await balanceOf(sut, busy)).balance).toBe(REWARD_RULES.review.dailyCap! * 10 + 25);
  });
});

describe('reward.credited', () => {
  it('announces each credit with the new balance through the rewards outbox', async () => {
    const earner = member('earner');
    const first = await producer.emit('tutorial.created', { tutorialId: randomUUID(), creatorId: earner });
    const second = await producer.emit('event.attended', { eventId: randomUUID(), userId: earner });
    await deliver(first, second);
    const announced = await waitFor('both credits announced and relayed', async () => {
      const rows = await db().select().from(outbox).where(eq(outbox.type, 'reward.credited'));
      const mine = rows.map((r) => ({ row: r, event: r.envelope as Envelope<'reward.credited'> })).filter((r) => r.event.data.userId === earner);
      return mine.length === 2 && mine.every((r) => r.row.publishedAt !== null) ? mine.map((r) => r.event.data) : undefined;
    });
    expect(announced.map((d) => [d.action, d.amount, d.sourceEventId]).sort()).toEqual(
      [
        ['diy_content', 25, first.id],
        ['event_attendance', 15, second.id],
      ].sort(),
    );
    // The two subjects have their own consumers, so either credit may land first.
    const [earlier, later] = [...announced].sort((a, b) => a.balance - b.balance);
    expect(earlier!.balance).toBe(earlier!.amount);
    expect(later!.balance).toBe(40);
  });
});
