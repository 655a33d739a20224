import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ErrorBody, EventData, PaymentIntent, Transaction } from '@freemarket/contracts';
import { deliverLate, waitFor } from '@freemarket/testing';
import { deliverWebhook, intentEvent, refundEvent } from '@freemarket/testing/stripe-webhooks';
import { outbox, transactions, tutorials } from '../src/db/schema/index.js';
import { call, seedMembers, useCheckout, type Member } from './_util.js';

const WEBHOOK_SECRET = 'whsec_test_commerce_tutorials';
const c = useCheckout(WEBHOOK_SECRET);

const db = () => c.sut.service.runtime.db;
const transaction = async (id: string) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
const copyOf = async (id: string) => (await db().select().from(tutorials).where(eq(tutorials.id, id)))[0];
const deliver = (type: string, intentId: string, eventId?: string) => deliverWebhook(c.sut.url, intentEvent(type, intentId, eventId), WEBHOOK_SECRET);
const refund = (intentId: string, amountCents: number, refundedCents: number) => deliverWebhook(c.sut.url, refundEvent(intentId, amountCents, refundedCents), WEBHOOK_SECRET);
const fakeIntent = (id: string) => c.stripe.intents.find((i) => i.id === id)!;

/** Social announcing a tutorial Bob made (unless said otherwise); resolves once commerce keeps its copy. */
async function announceTutorial(data: Partial<EventData<'tutorial.created'>> = {}): Promise<EventData<'tutorial.created'> & { tutorialId: string }> {
  const tutorial = { tutorialId: randomUUID(), creatorId: c.bob.id, title: 'Fixing a Leaky Tap', price: '24.50', isFree: false, ...data };
  await c.sut.publish('tutorial.created', tutorial);
  await waitFor('commerce to keep the tutorial', async () => (await copyOf(tutorial.tutorialId)) !== undefined);
  return tutorial;
}

const enrol = (by: Member, tutorial: { tutorialId: string; price?: string; creatorId?: string }, extra: Record<string, unknown> = {}) =>
  call<PaymentIntent & ErrorBody>(c.sut, by.id, 'POST', '/api/create-payment-intent', {
    amount: tutorial.price ?? '24.50',
    sellerId: tutorial.creatorId ?? c.bob.id,
    tutorialId: tutorial.tutorialId,
    type: 'purchase',
    ...extra,
  });

async function startEnrolling(by: Member, tutorial: { tutorialId: string; price?: string }) {
  const started = await enrol(by, tutorial);
  expect(started.status).toBe(200);
  const row = await transaction(started.body.transactionId);
  return { transactionId: row.id, intentId: row.stripePaymentIntentId! };
}

async function announced(type: 'payment.succeeded' | 'payment.refunded', transactionId: string): Promise<Record<string, unknown>[]> {
  const rows = await db().select().from(outbox).where(eq(outbox.type, type)).orderBy(outbox.createdAt);
  return rows.map((r) => (r.envelope as { data: { transactionId: string } }).data).filter((d) => d.transactionId === transactionId);
}

describe('paying for a tutorial', () => {
  it('charges the tutorial’s own price to its creator, for the tutorial, whatever the link describes', async () => {
    const tutorial = await announceTutorial();
    const { transactionId, intentId } = await startEnrolling(c.ada, tutorial);
    expect(fakeIntent(intentId)).toMatchObject({ amount: 2450, description: 'Tutorial: Fixing a Leaky Tap', metadata: { transactionId } });
    expect(await transaction(transactionId)).toMatchObject({ buyerId: c.ada.id, sellerId: c.bob.id, tutorialId: tutorial.tutorialId, itemId: null, amount: '24.50', status: 'pending' });
    const seen = await call<Transaction>(c.sut, c.ada.id, 'GET', `/api/transactions/${transactionId}`);
    expect(seen.body).toMatchObject({ tutorialId: tutorial.tutorialId, description: 'Tutorial: Fixing a Leaky Tap' });
  });

  it.each([
    ['a tampered amount', {}, () => ({ amount: '1.00' }), 409, 'The price of this tutorial is $24.50'],
    ['another member as the seller', {}, () => ({ sellerId: c.cara.id }), 400, 'body.sellerId: is not the creator of this tutorial'],
    ['a free tutorial', { isFree: true, price: '0.00' }, () => ({ amount: '1.00' }), 400, 'body.tutorialId: this tutorial is free; start learning without paying'],
    ['an enrolment given as a donation', {}, () => ({ type: 'donation' }), 400, 'body.type: a tutorial is bought with a purchase'],
    ['an item and a tutorial at once', {}, () => ({ itemId: randomUUID() }), 400, 'body.tutorialId: a payment is for an item or a tutorial, not both'],
  ])('refuses %s before Stripe hears of it, and stores nothing', async (_, made, change, status, message) => {
    const tutorial = await announceTutorial(made);
    const calls = c.stripe.calls();
    expect(await enrol(c.ada, tutorial, change())).toMatchObject({ status, body: { message } });
    expect(c.stripe.calls()).toBe(calls);
    expect(await db().select().from(transactions).where(eq(transactions.tutorialId, tutorial.tutorialId))).toEqual([]);
  });

  it('refuses a tutorial nobody announced (404) and the creator’s own (403)', async () => {
    expect(await enrol(c.ada, { tutorialId: randomUUID() })).toMatchObject({ status: 404, body: { message: 'Tutorial not found' } });
    const tutorial = await announceTutorial();
    expect(await enrol(c.bob, tutorial)).toMatchObject({ status: 403, body: { message: 'You cannot enroll in your own tutorial' } });
  });

  it('announces the enrolment once, naming the tutorial, however often Stripe delivers the success; a second enrolment is refused (409)', async () => {
    const tutorial = await announceTutorial();
    const { transactionId, intentId } = await startEnrolling(c.ada, tutorial);
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    for (let i = 0; i < 3; i += 1) expect((await deliver('payment_intent.succeeded', intentId, eventId)).status).toBe(200);
    await deliver('payment_intent.succeeded', intentId);
    expect(await announced('payment.succeeded', transactionId)).toEqual([{ transactionId, buyerId: c.ada.id, sellerId: c.bob.id, amount: '24.50', type: 'purchase', tutorialId: tutorial.tutorialId }]);
    expect(await enrol(c.ada, tutorial)).toMatchObject({ status: 409, body: { message: 'You are already enrolled in this tutorial' } });
    // Another member still may.
    expect((await enrol(c.cara, tutorial)).status).toBe(200);
  });

  it('names the tutorial in its refunds, and lets the member enrol again only after a full refund', async () => {
    const tutorial = await announceTutorial({ price: '40.00' });
    const { transactionId, intentId } = await startEnrolling(c.ada, tutorial);
    await deliver('payment_intent.succeeded', intentId);
    await refund(intentId, 4000, 1000);
    expect(await enrol(c.ada, tutorial)).toMatchObject({ status: 409, body: { message: 'You are already enrolled in this tutorial' } });
    await refund(intentId, 4000, 4000);
    expect((await announced('payment.refunded', transactionId)).map((r) => [r.amountRefunded, r.tutorialId])).toEqual([
      ['10.00', tutorial.tutorialId],
      ['40.00', tutorial.tutorialId],
    ]);
    expect((await enrol(c.ada, tutorial)).status).toBe(200);
  });

  it('opens the member’s checkout for the tutorial again when they come back to it, with the same intent', async () => {
    const tutorial = await announceTutorial();
    const first = await startEnrolling(c.ada, tutorial);
    const again = await startEnrolling(c.ada, tutorial);
    expect(again).toEqual(first);
    expect(c.stripe.intents.filter((i) => i.metadata.transactionId === first.transactionId)).toHaveLength(1);
    expect((await transaction(first.transactionId)).status).toBe('pending');
  });

  it('cancels the member’s earlier checkout for the tutorial when they start again while Stripe takes it, and no one else’s', async () => {
    const tutorial = await announceTutorial();
    const cara = await startEnrolling(c.cara, tutorial);
    const first = await startEnrolling(c.ada, tutorial);
    fakeIntent(first.intentId).status = 'requires_action';
    const second = await startEnrolling(c.ada, tutorial);
    await waitFor('the earlier checkout canceled', async () => (await transaction(first.transactionId)).status === 'canceled');
    expect(fakeIntent(first.intentId).status).toBe('canceled');
    expect((await transaction(second.transactionId)).status).toBe('pending');
    expect((await transaction(cara.transactionId)).status).toBe('pending');
  });

  it('gives back a second payment taken for a tutorial the member is enrolled in already (two tabs), announcing one enrolment', async () => {
    const tutorial = await announceTutorial({ price: '31.00' });
    const first = await startEnrolling(c.ada, tutorial);
    fakeIntent(first.intentId).status = 'succeeded';
    // Stripe cannot say where the first stands: the second tab gets a payment of its own.
    c.stripe.failNextRetrieve();
    const second = await startEnrolling(c.ada, tutorial);
    fakeIntent(second.intentId).status = 'succeeded';
    await deliver('payment_intent.succeeded', first.intentId);
    await deliver('payment_intent.succeeded', second.intentId);
    expect(c.stripe.refunds.filter((r) => r.payment_intent === second.intentId)).toEqual([
      expect.objectContaining({ amount: 3100, metadata: { transactionId: second.transactionId, refundReason: 'already_enrolled' } }),
    ]);
    expect(await transaction(second.transactionId)).toMatchObject({ status: 'succeeded', refundReason: 'already_enrolled', succeededAt: null });
    expect(await announced('payment.succeeded', first.transactionId)).toHaveLength(1);
    expect(await announced('payment.succeeded', second.transactionId)).toEqual([]);
    // Its refund takes away nothing: the enrolment stays with the first payment.
    await refund(second.intentId, 3100, 3100);
    expect((await announced('payment.refunded', second.transactionId)).map((r) => r.succeededAnnounced)).toEqual([false]);
    expect((await enrol(c.ada, tutorial)).status).toBe(409);
  });
});

describe('commerce’s copy of tutorials', () => {
  it('keeps nothing of an announcement from before it carried the price, so no enrolment is sold for it', async () => {
    const tutorialId = randomUUID();
    await deliverLate(c.sut, new Date(), [{ type: 'tutorial.created', data: { tutorialId, creatorId: c.bob.id } }]);
    expect(await copyOf(tutorialId)).toBeUndefined();
    expect(await enrol(c.ada, { tutorialId })).toMatchObject({ status: 404, body: { message: 'Tutorial not found' } });
  });

  it('forgets a deleted creator’s tutorials, and an announcement from before the deletion, arriving late, brings none back', async () => {
    const [dee] = (await seedMembers(c.sut, 'Dee')) as [Member];
    const before = new Date(Date.now() - 60_000);
    const tutorial = await announceTutorial({ creatorId: dee.id });
    await c.sut.publish('user.deleted', { id: dee.id });
    await waitFor('the tutorial forgotten', async () => (await copyOf(tutorial.tutorialId)) === undefined);
    expect(await enrol(c.ada, { ...tutorial, creatorId: dee.id })).toMatchObject({ status: 404, body: { message: 'Tutorial not found' } });

    const late = { ...tutorial, tutorialId: randomUUID() };
    await deliverLate(c.sut, before, [{ type: 'tutorial.created', data: late }]);
    expect(await copyOf(late.tutorialId)).toBeUndefined();
  });
});
