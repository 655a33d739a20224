import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ErrorBody, PaymentIntent, Transaction, TransactionPage, TransactionStatus } from '@freemarket/contracts';
import { deliverWebhook, intentEvent } from '@freemarket/testing/stripe-webhooks';
import { outbox, transactions } from '../src/db/schema/index.js';
import { call, seedMembers, startCommerce, useCheckout, type Member } from './_util.js';

const WEBHOOK_SECRET = 'whsec_test_open_checkouts';
const c = useCheckout(WEBHOOK_SECRET, { PENDING_PAYMENT_TTL_MINUTES: '60' });
beforeAll(async () => {
  await c.sut.publish('profile.created', { profileId: randomUUID(), userId: c.cara.id, isServiceProvider: false, isNonProfit: false, isPoliticalCandidate: true, isCommunityMember: false });
});

const db = () => c.sut.service.runtime.db;
const transaction = async (id: string) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;

/** A fresh buyer for each test, so no test opens again or cancels another's checkout. */
async function newBuyer(): Promise<Member> {
  const [buyer] = await seedMembers(c.sut, 'Buyer');
  return buyer!;
}

async function checkout(buyer: Member, body: Record<string, unknown>): Promise<PaymentIntent & { intentId: string }> {
  const created = await call<PaymentIntent & ErrorBody>(c.sut, buyer.id, 'POST', '/api/create-payment-intent', body);
  expect(created.status).toBe(200);
  return { ...created.body, intentId: (await transaction(created.body.transactionId)).stripePaymentIntentId! };
}

/** The buyer's history as `/transactions` lists it, with a status filter or without. */
async function history(buyer: Member, status?: TransactionStatus): Promise<Pick<Transaction, 'id' | 'status' | 'amount'>[]> {
  const page = await call<TransactionPage>(c.sut, buyer.id, 'GET', `/api/transactions?limit=50${status ? `&status=${status}` : ''}`);
  return page.body.items.map((t) => ({ id: t.id, status: t.status, amount: t.amount }));
}

const donation = (amount: string) => ({ amount, sellerId: c.cara.id, type: 'donation', description: 'Campaign donation for Cara Tester' });

describe('a checkout opened again', () => {
  it('is the same payment, with the same client secret, when the buyer reloads it: no second intent, one entry in the history', async () => {
    const buyer = await newBuyer();
    const intents = c.stripe.intents.length;
    const first = await checkout(buyer, donation('25.50'));
    const reloaded = await checkout(buyer, donation('25.5'));
    expect(reloaded).toEqual(first);
    expect(c.stripe.intents.length - intents).toBe(1);
    // Stripe is asked whether the intent still waits for a card before its form is opened again.
    expect(c.stripe.retrieves.get(first.intentId)).toBe(1);
    expect(await history(buyer, 'pending')).toEqual([{ id: first.transactionId, status: 'pending', amount: '25.50' }]);

    expect((await deliverWebhook(c.sut.url, intentEvent('payment_intent.succeeded', first.intentId), WEBHOOK_SECRET)).status).toBe(200);
    expect(await history(buyer)).toEqual([{ id: first.transactionId, status: 'succeeded', amount: '25.50' }]);
    expect(await history(buyer, 'pending')).toEqual([]);
  });

  it('is one payment when two tabs open it at the same moment, while Stripe is still making its intent', async () => {
    const buyer = await newBuyer();
    const intents = c.stripe.intents.length;
    const calls = c.stripe.calls();
    c.stripe.delayNextAnswer(300);
    const [first, second] = await Promise.all([checkout(buyer, donation('15.00')), checkout(buyer, donation('15.00'))]);
    expect(second).toEqual(first);
    expect(c.stripe.intents.length - intents).toBe(1);
    // The second waited for the first's intent: Stripe was asked to make one once, never with a key in use.
    expect(c.stripe.calls() - calls).toBe(1);
    expect(await history(buyer, 'pending')).toEqual([{ id: first.transactionId, status: 'pending', amount: '15.00' }]);
    expect(await history(buyer, 'canceled')).toEqual([]);
  });

  it('is a new payment when the open one never got its intent (its request died with the process), and that one is canceled', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('16.00'));
    await db()
      .update(transactions)
      .set({ stripePaymentIntentId: null, createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(transactions.id, first.transactionId));
    const second = await checkout(buyer, donation('16.00'));
    expect(second.transactionId).not.toBe(first.transactionId);
    expect((await transaction(first.transactionId)).status).toBe('canceled');
    expect(await history(buyer, 'pending')).toEqual([{ id: second.transactionId, status: 'pending', amount: '16.00' }]);
  });

  it('restarts the age after which an open checkout is given up as abandoned', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('8.00'));
    const walkAway = (minutes: number) =>
      db().update(transactions).set({ updatedAt: sql`${transactions.updatedAt} - make_interval(mins => ${minutes})` }).where(eq(transactions.id, first.transactionId));
    await walkAway(50);
    expect((await checkout(buyer, donation('8.00'))).transactionId).toBe(first.transactionId);
    // Twenty minutes more: seventy since the checkout was made, twenty since the buyer came back to it.
    await walkAway(20);
    await c.sut.service.ctx.abandonedPayments!.processAll();
    expect((await transaction(first.transactionId)).status).toBe('pending');
    expect(c.stripe.cancels.has(first.intentId)).toBe(false);
  });

  it('keeps a declined checkout’s intent, so the next card pays the same payment and the history holds one entry', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('12.00'));
    await deliverWebhook(c.sut.url, intentEvent('payment_intent.payment_failed', first.intentId), WEBHOOK_SECRET);
    expect(await history(buyer)).toEqual([{ id: first.transactionId, status: 'failed', amount: '12.00' }]);
    // 'Try again' opens the same checkout: Stripe keeps a declined intent open for another card.
    const again = await checkout(buyer, donation('12.00'));
    expect(again).toEqual(first);
    await deliverWebhook(c.sut.url, intentEvent('payment_intent.succeeded', first.intentId), WEBHOOK_SECRET);
    expect(await history(buyer)).toEqual([{ id: first.transactionId, status: 'succeeded', amount: '12.00' }]);
    expect(await history(buyer, 'failed')).toEqual([]);
  });
});

describe('a new checkout', () => {
  it('for another amount cancels the buyer’s earlier one to the same member, at Stripe too, which then shows only when canceled ones are asked for', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('25.00'));
    const second = await checkout(buyer, donation('30.00'));
    expect(second.transactionId).not.toBe(first.transactionId);
    expect(await transaction(first.transactionId)).toMatchObject({ status: 'canceled', cancelDueAt: null });
    expect(c.stripe.intents.find((i) => i.id === first.intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'duplicate' });
    expect(await history(buyer, 'pending')).toEqual([{ id: second.transactionId, status: 'pending', amount: '30.00' }]);
    expect(await history(buyer)).toEqual([]);
    expect(await history(buyer, 'canceled')).toEqual([{ id: first.transactionId, status: 'canceled', amount: '25.00' }]);
  });

  it('leaves the buyer’s open checkouts to other members and of other kinds alone', async () => {
    const buyer = await newBuyer();
    const toCara = await checkout(buyer, donation('10.00'));
    const transferToCara = await checkout(buyer, { amount: '10.00', sellerId: c.cara.id, type: 'transfer' });
    const toBob = await checkout(buyer, { amount: '10.00', sellerId: c.bob.id, type: 'transfer' });
    expect(new Set([toCara.transactionId, transferToCara.transactionId, toBob.transactionId]).size).toBe(3);
    const statuses = await Promise.all([toCara, transferToCara, toBob].map(async (p) => (await transaction(p.transactionId)).status));
    expect(statuses).toEqual(['pending', 'pending', 'pending']);
  });

  it('is refused (409) while Stripe takes the open one’s money, so Back before the webhook cannot pay twice; the webhook settles it once', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('40.00'));
    const intents = c.stripe.intents.length;
    // The buyer paid and pressed Back before Stripe's webhook came.
    c.stripe.intents.find((i) => i.id === first.intentId)!.status = 'succeeded';
    const again = await call<ErrorBody>(c.sut, buyer.id, 'POST', '/api/create-payment-intent', donation('40.00'));
    expect(again).toMatchObject({ status: 409, body: { message: 'This payment is already being processed; see your transaction history' } });
    expect(c.stripe.intents.length).toBe(intents);
    expect((await transaction(first.transactionId)).status).toBe('pending');
    for (let i = 0; i < 2; i += 1) await deliverWebhook(c.sut.url, intentEvent('payment_intent.succeeded', first.intentId), WEBHOOK_SECRET);
    expect(await transaction(first.transactionId)).toMatchObject({ status: 'succeeded', cancelDueAt: null });
    const announced = (await db().select().from(outbox).where(eq(outbox.type, 'payment.succeeded'))).filter((r) => (r.envelope as { data: { transactionId: string } }).data.transactionId === first.transactionId);
    expect(announced).toHaveLength(1);
  });

  it('is made when Stripe cannot say where the open one stands, and the earlier one is canceled', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('12.00'));
    c.stripe.failNextRetrieve();
    const second = await checkout(buyer, donation('12.00'));
    expect(second.transactionId).not.toBe(first.transactionId);
    expect((await transaction(first.transactionId)).status).toBe('canceled');
    expect(await history(buyer, 'pending')).toEqual([{ id: second.transactionId, status: 'pending', amount: '12.00' }]);
  });

  it('is made when the open one was canceled at Stripe meanwhile (in its Dashboard, say)', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('13.00'));
    c.stripe.intents.find((i) => i.id === first.intentId)!.status = 'canceled';
    const second = await checkout(buyer, donation('13.00'));
    expect(second.transactionId).not.toBe(first.transactionId);
    expect((await transaction(first.transactionId)).status).toBe('canceled');
  });

  it('is made once the open one had no news for the age after which it is given up', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('9.00'));
    await db().update(transactions).set({ updatedAt: sql`now() - interval '61 minutes'` }).where(eq(transactions.id, first.transactionId));
    const second = await checkout(buyer, donation('9.00'));
    expect(second.transactionId).not.toBe(first.transactionId);
    expect((await transaction(first.transactionId)).status).toBe('canceled');
  });

  it('for another description is another payment', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, { amount: '15.00', sellerId: c.bob.id, type: 'transfer', description: 'Garden help' });
    const second = await checkout(buyer, { amount: '15.00', sellerId: c.bob.id, type: 'transfer', description: 'Fence repair' });
    expect(second.transactionId).not.toBe(first.transactionId);
    expect(c.stripe.intents.find((i) => i.id === second.intentId)?.description).toBe('Fence repair');
  });

  it('still refuses what the first was allowed: a donation to a member no longer running for office', async () => {
    const buyer = await newBuyer();
    const [dan] = await seedMembers(c.sut, 'Dan');
    const flags = { isServiceProvider: false, isNonProfit: false, isCommunityMember: false };
    await c.sut.publish('profile.created', { profileId: randomUUID(), userId: dan!.id, ...flags, isPoliticalCandidate: true });
    const body = { amount: '5.00', sellerId: dan!.id, type: 'donation' };
    await expect.poll(async () => (await call(c.sut, buyer.id, 'POST', '/api/create-payment-intent', body)).status).toBe(200);
    await c.sut.publish('profile.updated', { profileId: randomUUID(), userId: dan!.id, ...flags, isPoliticalCandidate: false });
    await expect.poll(async () => (await call<ErrorBody>(c.sut, buyer.id, 'POST', '/api/create-payment-intent', body)).body.message).toBe('Donations can only be made to political candidates');
  });
});

describe('the history of checkouts never paid', () => {
  it('leaves out one being canceled while Stripe has not confirmed it, whatever the filter', async () => {
    const buyer = await newBuyer();
    const first = await checkout(buyer, donation('6.00'));
    c.stripe.failNextCancel();
    const second = await checkout(buyer, donation('7.00'));
    expect(await transaction(first.transactionId)).toMatchObject({ status: 'pending', cancelDueAt: expect.any(Date) });
    expect(await history(buyer, 'pending')).toEqual([{ id: second.transactionId, status: 'pending', amount: '7.00' }]);
    await c.sut.service.ctx.abandonedPayments!.processAll();
    expect(await history(buyer, 'canceled')).toEqual([{ id: first.transactionId, status: 'canceled', amount: '6.00' }]);
  });

  it('lists one whose intent was never made (Stripe did not answer) only under Failed', async () => {
    const buyer = await newBuyer();
    const [row] = await db()
      .insert(transactions)
      .values({ buyerId: buyer.id, sellerId: c.bob.id, amount: '11.00', type: 'transfer', source: 'stripe', paymentMethod: 'card', status: 'failed' })
      .returning();
    expect(await history(buyer)).toEqual([]);
    expect(await history(buyer, 'failed')).toEqual([{ id: row!.id, status: 'failed', amount: '11.00' }]);
  });
});

describe('in local mode', () => {
  it('opens the development checkout again on a reload, and pays it once', async () => {
    const dev = await startCommerce({ DEV_PAYMENTS_ENABLED: 'true' });
    try {
      const [dee, eve] = (await seedMembers(dev, 'Dee', 'Eve')) as [Member, Member];
      const body = { amount: '12.00', sellerId: eve.id, type: 'transfer', description: 'Money transfer to Eve Tester' };
      const first = (await call<PaymentIntent>(dev, dee.id, 'POST', '/api/create-payment-intent', body)).body;
      const reloaded = (await call<PaymentIntent>(dev, dee.id, 'POST', '/api/create-payment-intent', body)).body;
      expect(reloaded).toEqual(first);
      const paid = await call<Transaction>(dev, dee.id, 'POST', '/api/payments/dev/confirm', { clientSecret: reloaded.clientSecret });
      expect(paid.body).toMatchObject({ id: first.transactionId, status: 'succeeded' });
      const page = await call<TransactionPage>(dev, dee.id, 'GET', '/api/transactions');
      expect(page.body.items.map((t) => t.id)).toEqual([first.transactionId]);
    } finally {
      await dev.stop();
    }
  });
});
