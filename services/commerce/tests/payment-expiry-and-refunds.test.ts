import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@freemarket/testing';
import { startFakeStripe, type FakeStripe } from '@freemarket/testing/fake-stripe';
import { deliverWebhook, intentEvent, refundEvent, type StripeEventInput } from '@freemarket/testing/stripe-webhooks';
import { eq, sql } from 'drizzle-orm';
import type { ErrorBody, PaymentIntent, Transaction } from '@freemarket/contracts';
import { AbandonedPaymentSweeper } from '../src/payments/abandoned-sweeper.js';
import { IntentCanceller } from '../src/payments/cancel-intents.js';
import { paymentProviderFor } from '../src/payments/provider.js';
import { outbox, transactions } from '../src/db/schema/index.js';
import { call, seedMembers, startCommerce, startCommerceWithStripe, type CommerceUnderTest, type Member } from './_util.js';

const WEBHOOK_SECRET = 'whsec_test_commerce_lifecycle';
let stripe: FakeStripe;
let sut: CommerceUnderTest;
let ada: Member;
let bob: Member;

beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = await startCommerceWithStripe(stripe.url, WEBHOOK_SECRET, { PENDING_PAYMENT_TTL_MINUTES: '60' });
  [ada, bob] = (await seedMembers(sut, 'Ada', 'Bob')) as [Member, Member];
});
afterAll(async () => {
  await sut?.stop();
  await stripe?.close();
});

const db = () => sut.service.runtime.db;
const deliver = (event: StripeEventInput, secret = WEBHOOK_SECRET) => deliverWebhook(sut.url, event, secret);
const transaction = async (id: string) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
const sweeper = () => sut.service.ctx.abandonedPayments!;

/** A transfer to Bob; a buyer's newer checkout to him cancels their older ones, so payments meant to stay open have buyers of their own. */
async function startPayment(amount = '25.00', buyer: Member = ada) {
  const created = await call<PaymentIntent & ErrorBody>(sut, buyer.id, 'POST', '/api/create-payment-intent', { amount, sellerId: bob.id, type: 'transfer' });
  expect(created.status).toBe(200);
  const row = await transaction(created.body.transactionId);
  return { transactionId: row.id, intentId: row.stripePaymentIntentId! };
}

/** As if the buyer had walked away `minutes` ago. */
async function age(transactionId: string, minutes: number): Promise<void> {
  await db().update(transactions).set({ updatedAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(transactions.id, transactionId));
}

async function outboxData(type: 'payment.succeeded' | 'payment.refunded', transactionId: string): Promise<unknown[]> {
  // In the order they were written: the refund test reads the announcements as a sequence.
  const rows = await db().select().from(outbox).where(eq(outbox.type, type)).orderBy(outbox.createdAt);
  return rows.map((r) => (r.envelope as { data: { transactionId: string } }).data).filter((d) => d.transactionId === transactionId);
}

describe(AbandonedPaymentSweeper.name, () => {
  it('cancels a payment left pending past its age at Stripe and here, and leaves a recent one alone', async () => {
    const [cal] = (await seedMembers(sut, 'Cal')) as [Member];
    const old = await startPayment();
    const recent = await startPayment('25.00', cal);
    await age(old.transactionId, 61);
    await age(recent.transactionId, 30);
    await sweeper().processAll();
    expect(stripe.cancels.get(old.intentId)).toBe(1);
    expect(stripe.intents.find((i) => i.id === old.intentId)!.status).toBe('canceled');
    expect((await transaction(old.transactionId)).status).toBe('canceled');
    expect(stripe.cancels.has(recent.intentId)).toBe(false);
    expect((await transaction(recent.transactionId)).status).toBe('pending');
    const seen = await call<Transaction>(sut, ada.id, 'GET', `/api/transactions/${old.transactionId}`);
    expect(seen.body.status).toBe('canceled');
    // Stripe's own `payment_intent.canceled` for our cancel changes nothing more.
    expect((await deliver(intentEvent('payment_intent.canceled', old.intentId))).status).toBe(200);
    expect((await transaction(old.transactionId)).status).toBe('canceled');
  });

  it('never cancels a payment twice when several instances sweep at once', async () => {
    const buyers = await seedMembers(sut, ...Array.from({ length: 25 }, (_, i) => `Buyer${i}`));
    const payments = await Promise.all(buyers.map((buyer) => startPayment('3.00', buyer)));
    for (const p of payments) await age(p.transactionId, 90);
    const canceller = new IntentCanceller(paymentProviderFor(sut.service.ctx.config.payments)!, sut.service.runtime, 60);
    const others = Array.from({ length: 2 }, () => new AbandonedPaymentSweeper({ runtime: sut.service.runtime, canceller, refunder: sut.service.ctx.refunder, ttlMinutes: 60, intervalMs: 60_000, batchSize: 4 }));
    const canceled = await Promise.all([sweeper().processAll(), ...others.map((s) => s.processAll())]);
    expect(canceled.reduce((sum, swept) => sum + swept.canceled, 0)).toBe(payments.length);
    for (const p of payments) {
      expect(stripe.cancels.get(p.intentId)).toBe(1);
      expect((await transaction(p.transactionId)).status).toBe('canceled');
    }
  });

  it('settles a payment Stripe took after we gave up on it: Stripe is the truth', async () => {
    const { transactionId, intentId } = await startPayment();
    await age(transactionId, 61);
    await sweeper().processAll();
    expect((await transaction(transactionId)).status).toBe('canceled');
    expect((await deliver(intentEvent('payment_intent.succeeded', intentId))).status).toBe(200);
    expect((await transaction(transactionId)).status).toBe('succeeded');
    expect(await outboxData('payment.succeeded', transactionId)).toHaveLength(1);
  });

  it('leaves a payment Stripe has already taken for its webhook, and asks again only after another full age', async () => {
    const { transactionId, intentId } = await startPayment();
    stripe.intents.find((i) => i.id === intentId)!.status = 'succeeded';
    await age(transactionId, 61);
    await sweeper().processAll();
    expect((await transaction(transactionId)).status).toBe('pending');
    await sweeper().processAll();
    expect(stripe.cancels.get(intentId)).toBe(1);
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    expect((await transaction(transactionId)).status).toBe('succeeded');
  });

  it('cancels a declined payment left past its age, whose form Stripe still keeps open for another card', async () => {
    const { transactionId, intentId } = await startPayment();
    await deliver(intentEvent('payment_intent.payment_failed', intentId));
    await age(transactionId, 61);
    await sweeper().processAll();
    expect(stripe.cancels.get(intentId)).toBe(1);
    expect(stripe.intents.find((i) => i.id === intentId)!.status).toBe('canceled');
    expect((await transaction(transactionId)).status).toBe('canceled');
  });

  it('sweeps while the service runs, and stops with it', async () => {
    const bare = await startCommerce({ DEV_PAYMENTS_ENABLED: 'true', PENDING_PAYMENT_SWEEP_SECONDS: '1' });
    const sweeps = vi.spyOn(bare.service.ctx.abandonedPayments!, 'processAll');
    await waitFor('a sweep while the service runs', async () => sweeps.mock.calls.length > 0);
    await bare.stop();
    sweeps.mockClear();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sweeps).not.toHaveBeenCalled();
  });
});

describe('webhooks for a payment’s other ends', () => {
  it('marks a payment canceled at Stripe, and a declined one failed', async () => {
    const canceled = await startPayment();
    await deliver(intentEvent('payment_intent.canceled', canceled.intentId));
    expect((await transaction(canceled.transactionId)).status).toBe('canceled');
    const declined = await startPayment();
    await deliver(intentEvent('payment_intent.payment_failed', declined.intentId));
    expect((await transaction(declined.transactionId)).status).toBe('failed');
  });
});

describe('a refund', () => {
  it('marks the payment refunded and announces it once, however often Stripe delivers it', async () => {
    const { transactionId, intentId } = await startPayment('25.50');
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    const refund = refundEvent(intentId, 2550, 2550, `evt_refund_${transactionId.replaceAll('-', '')}`);
    for (let i = 0; i < 3; i += 1) expect((await deliver(refund)).status).toBe(200);
    expect(await transaction(transactionId)).toMatchObject({ status: 'refunded', amountRefunded: '25.50' });
    expect(await outboxData('payment.refunded', transactionId)).toEqual([
      { transactionId, buyerId: ada.id, sellerId: bob.id, amount: '25.50', amountRefunded: '25.50', type: 'transfer', succeededAnnounced: true },
    ]);
    const history = await call<{ items: Transaction[] }>(sut, ada.id, 'GET', '/api/transactions?status=refunded');
    expect(history.body.items.find((t) => t.id === transactionId)).toMatchObject({ status: 'refunded', amountRefunded: '25.50' });
  });

  it('announces each growth of a partial refund, and nothing for a repeat of an older total', async () => {
    const { transactionId, intentId } = await startPayment('40.00');
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    await deliver(refundEvent(intentId, 4000, 1550));
    await deliver(refundEvent(intentId, 4000, 1550));
    expect(await transaction(transactionId)).toMatchObject({ status: 'partially_refunded', amountRefunded: '15.50' });
    await deliver(refundEvent(intentId, 4000, 4000));
    const announced = (await outboxData('payment.refunded', transactionId)) as { amountRefunded: string }[];
    expect(announced.map((d) => d.amountRefunded)).toEqual(['15.50', '40.00']);
  });

  it('refuses a refund whose signature does not hold (400) and changes nothing', async () => {
    const { transactionId, intentId } = await startPayment();
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    const forged = await deliver(refundEvent(intentId, 2500, 2500), 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(await transaction(transactionId)).toMatchObject({ status: 'succeeded', amountRefunded: '0.00' });
    expect(await outboxData('payment.refunded', transactionId)).toEqual([]);
  });
});
