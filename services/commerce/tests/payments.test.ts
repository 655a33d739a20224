import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ErrorBody, Item, PaymentIntent, PaymentsConfig, Transaction, TransactionPage } from '@freemarket/contracts';
import { setContactPrivacy, waitFor } from '@freemarket/testing';
import { deliverWebhook, intentEvent, refundEvent, type StripeEventInput } from '@freemarket/testing/stripe-webhooks';
import { itemsForSale, memberProfiles, outbox, stripeEvents, transactions, users } from '../src/db/schema/index.js';
import { call, seedMembers, startCommerce, useCheckout, type Member } from './_util.js';

const WEBHOOK_SECRET = 'whsec_test_commerce';
const c = useCheckout(WEBHOOK_SECRET);
beforeAll(async () => {
  await c.sut.publish('profile.created', { profileId: randomUUID(), userId: c.cara.id, isServiceProvider: false, isNonProfit: false, isPoliticalCandidate: true, isCommunityMember: false });
});

const pay = (by: Member, body: unknown) => call<PaymentIntent & ErrorBody>(c.sut, by.id, 'POST', '/api/create-payment-intent', body);
const transaction = async (id: string) => (await c.sut.service.runtime.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

const deliver = (event: StripeEventInput, secret = WEBHOOK_SECRET) => deliverWebhook(c.sut.url, event, secret);

async function startPayment(body: Record<string, unknown> = { amount: '25.00', sellerId: c.bob.id, type: 'transfer', description: 'Garden help' }) {
  const created = await pay(c.ada, body);
  expect(created.status).toBe(200);
  const row = await transaction(created.body.transactionId);
  return { ...created.body, intentId: row.stripePaymentIntentId! };
}

async function paymentEvents(transactionId: string): Promise<unknown[]> {
  const rows = await c.sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'payment.succeeded'));
  return rows.map((r) => (r.envelope as { data: { transactionId: string } }).data).filter((d) => d.transactionId === transactionId);
}

describe('the checkout', () => {
  it('tells the client Stripe takes cards, with the publishable key', async () => {
    expect((await call<PaymentsConfig>(c.sut, c.ada.id, 'GET', '/api/payments/config')).body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_commerce' });
  });

  it('stores a pending payment and asks Stripe for an intent in cents, keyed and tagged with the payment', async () => {
    const { clientSecret, transactionId, intentId } = await startPayment();
    const intent = c.stripe.intents.find((i) => i.id === intentId)!;
    expect(clientSecret).toBe(intent.client_secret);
    expect(intent).toMatchObject({ amount: 2500, currency: 'usd', description: 'Garden help', metadata: { transactionId } });
    expect(await transaction(transactionId)).toMatchObject({ buyerId: c.ada.id, sellerId: c.bob.id, amount: '25.00', type: 'transfer', source: 'stripe', status: 'pending' });
  });

  it('never makes a second intent when Stripe’s answer is lost and the call is retried', async () => {
    const before = { intents: c.stripe.intents.length, calls: c.stripe.calls() };
    c.stripe.loseNextAnswer();
    // To Cara, with whom Ada has no checkout open that this one would open again or cancel.
    const { intentId } = await startPayment({ amount: '25.00', sellerId: c.cara.id, type: 'transfer', description: 'Garden help' });
    expect(c.stripe.calls() - before.calls).toBe(2);
    expect(c.stripe.intents.length - before.intents).toBe(1);
    expect(c.stripe.intents.at(-1)!.id).toBe(intentId);
  });

  it.each([
    ['paying oneself', () => ({ amount: '5.00', sellerId: c.ada.id, type: 'transfer' }), 403, 'You cannot pay yourself'],
    ['a donation to someone not running for office', () => ({ amount: '5.00', sellerId: c.bob.id, type: 'donation' }), 403, 'Donations can only be made to political candidates'],
    ['a member nobody has heard of', () => ({ amount: '5.00', sellerId: 'dev-nobody', type: 'transfer' }), 404, 'Seller not found'],
    ['an amount of zero', () => ({ amount: '0.00', sellerId: c.bob.id, type: 'transfer' }), 400, /^body\.amount: /],
    ['an amount under Stripe’s minimum charge', () => ({ amount: '0.49', sellerId: c.bob.id, type: 'transfer' }), 400, /^body\.amount: must be at least 0\.50/],
    ['an amount with three decimals', () => ({ amount: '1.005', sellerId: c.bob.id, type: 'transfer' }), 400, /^body\.amount: /],
    ['an amount over the maximum', () => ({ amount: '10000.01', sellerId: c.bob.id, type: 'transfer' }), 400, /^body\.amount: must be at most 10000/],
  ])('refuses %s before Stripe hears of it', async (_, body, status, message) => {
    const calls = c.stripe.calls();
    const refused = await pay(c.ada, body());
    expect(refused.status).toBe(status);
    expect(refused.body.message).toMatch(message);
    expect(c.stripe.calls()).toBe(calls);
  });

  it('answers a payment Stripe refuses as an invalid request with our own reason (400), and keeps no payment for it', async () => {
    // An account that settles in another currency has a higher minimum than our 0.50.
    c.stripe.minimumCents = 100;
    try {
      const refused = await pay(c.ada, { amount: '0.75', sellerId: c.bob.id, type: 'transfer', description: 'Refused by Stripe' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('The payment provider refused this payment');
      const kept = await c.sut.service.runtime.db.select().from(transactions).where(eq(transactions.description, 'Refused by Stripe'));
      expect(kept).toEqual([]);
    } finally {
      c.stripe.minimumCents = 50;
    }
  });

  it('lets anyone donate to a candidate', async () => {
    expect((await pay(c.ada, { amount: '10.00', sellerId: c.cara.id, type: 'donation' })).status).toBe(200);
  });
});

describe('buying an item', () => {
  async function listItem(price: string | null = '40.00'): Promise<Item> {
    return (await call<Item>(c.sut, c.bob.id, 'POST', '/api/items-for-sale', { title: 'Bread maker', price })).body;
  }

  it('charges the item’s price, refusing a tampered one, another seller’s item and an item without a price', async () => {
    const item = await listItem();
    expect(await pay(c.ada, { amount: '1.00', sellerId: c.bob.id, itemId: item.id, type: 'purchase' })).toMatchObject({ status: 409, body: { message: 'The price of this item is $40.00' } });
    expect((await pay(c.ada, { amount: '40.00', sellerId: c.cara.id, itemId: item.id, type: 'purchase' })).status).toBe(404);
    expect((await pay(c.ada, { amount: '40.00', sellerId: c.bob.id, itemId: item.id, type: 'donation' })).status).toBe(400);
    const open = await listItem(null);
    expect((await pay(c.ada, { amount: '40.00', sellerId: c.bob.id, itemId: open.id, type: 'purchase' })).status).toBe(409);

    // What the payment is for is the item's title too, whatever the link said.
    const { intentId, transactionId } = await startPayment({ amount: '40', sellerId: c.bob.id, itemId: item.id, type: 'purchase', description: 'Gold bars' });
    expect(c.stripe.intents.find((i) => i.id === intentId)).toMatchObject({ amount: 4000, description: 'Bread maker' });
    expect((await deliver(intentEvent('payment_intent.succeeded', intentId))).status).toBe(200);
    expect(await transaction(transactionId)).toMatchObject({ status: 'succeeded', itemId: item.id, description: 'Bread maker' });
    const sold = (await call<{ items: Item[] }>(c.sut, c.ada.id, 'GET', `/api/items-for-sale/${c.bob.id}`)).body.items.find((i) => i.id === item.id);
    expect(sold?.status).toBe('sold');
    // The buyer is told the item is theirs; anyone else that it is sold.
    expect(await pay(c.ada, { amount: '40.00', sellerId: c.bob.id, itemId: item.id, type: 'purchase' })).toMatchObject({ status: 409, body: { message: 'You have already bought this item' } });
    expect(await pay(c.cara, { amount: '40.00', sellerId: c.bob.id, itemId: item.id, type: 'purchase' })).toMatchObject({ status: 409, body: { message: 'This item has already been sold' } });
  });

  it('lists a buyer’s own succeeded payment for an item when the history is filtered by it, and nobody else’s', async () => {
    const item = await listItem();
    const { intentId, transactionId } = await startPayment({ amount: '40.00', sellerId: c.bob.id, itemId: item.id, type: 'purchase' });
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    const bought = (who: typeof c.ada, query: string) => call<TransactionPage>(c.sut, who.id, 'GET', `/api/transactions?role=buyer&status=succeeded&${query}`);
    expect((await bought(c.ada, `itemId=${item.id}`)).body.items.map((t) => t.id)).toEqual([transactionId]);
    expect((await bought(c.cara, `itemId=${item.id}`)).body.items).toEqual([]);
    expect((await bought(c.ada, `itemId=${randomUUID()}`)).body.items).toEqual([]);
    expect((await bought(c.ada, `tutorialId=${randomUUID()}`)).body.items).toEqual([]);
    expect(await bought(c.ada, 'itemId=bread')).toMatchObject({ status: 400, body: { message: 'querystring.itemId: must be a valid uuid' } });
  });

  it('takes no card payment for an item priced beyond what one can be, and stores nothing', async () => {
    const truck = await listItem('18500.00');
    expect(await pay(c.ada, { amount: '18500.00', sellerId: c.bob.id, itemId: truck.id, type: 'purchase' })).toMatchObject({ status: 400, body: { message: 'body.amount: must be at most 10000' } });
    expect((await c.sut.service.runtime.db.select().from(transactions).where(eq(transactions.itemId, truck.id))).length).toBe(0);
  });

  it('sells nothing while its seller keeps items private, even from a link kept from before, and sells again once public', async () => {
    const item = await listItem();
    const shopPrivacy = async (itemsForSaleIsPublic: boolean) => {
      await c.sut.publish('profile.updated', { profileId: randomUUID(), userId: c.bob.id, isServiceProvider: true, isNonProfit: false, isPoliticalCandidate: false, isCommunityMember: false, itemsForSaleIsPublic });
      await waitFor('the shop’s privacy learned', async () => (await c.sut.service.runtime.db.select().from(memberProfiles).where(eq(memberProfiles.userId, c.bob.id)))[0]?.itemsForSaleIsPublic === itemsForSaleIsPublic);
    };
    const body = { amount: '40.00', sellerId: c.bob.id, itemId: item.id, type: 'purchase' };
    await shopPrivacy(false);
    expect(await pay(c.ada, body)).toMatchObject({ status: 404, body: { message: 'Item not found' } });
    expect((await c.sut.service.runtime.db.select().from(transactions).where(eq(transactions.itemId, item.id))).length).toBe(0);
    await shopPrivacy(true);
    expect((await pay(c.ada, body)).status).toBe(200);
  });
});

describe('two buyers of one item', () => {
  it('holds the item for the first buyer who starts paying, so it is never sold twice', async () => {
    const { body: item } = await call<Item>(c.sut, c.bob.id, 'POST', '/api/items-for-sale', { title: 'Canoe', price: '300.00' });
    const body = { amount: '300.00', sellerId: c.bob.id, itemId: item.id, type: 'purchase' };
    const both = await Promise.all([pay(c.ada, body), pay(c.cara, body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe('Someone else is paying for this item; try again in a few minutes');
    // The first buyer may start again (another card, a reload) without being held up by their own payment.
    const first = both[0]!.status === 200 ? c.ada : c.cara;
    expect((await pay(first, body)).status).toBe(200);
  });
});

describe('the Stripe webhook', () => {
  it('settles a payment once however often Stripe delivers the event, and announces it once', async () => {
    const { intentId, transactionId } = await startPayment();
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    for (let i = 0; i < 3; i += 1) expect((await deliver(intentEvent('payment_intent.succeeded', intentId, eventId))).status).toBe(200);
    expect((await transaction(transactionId)).status).toBe('succeeded');
    expect(await paymentEvents(transactionId)).toEqual([{ transactionId, buyerId: c.ada.id, sellerId: c.bob.id, amount: '25.00', type: 'transfer' }]);
    expect(await c.sut.service.runtime.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(1);
  });

  it('marks a declined card failed, and lets the next card still succeed', async () => {
    const { intentId, transactionId } = await startPayment();
    await deliver(intentEvent('payment_intent.payment_failed', intentId));
    expect((await transaction(transactionId)).status).toBe('failed');
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    expect((await transaction(transactionId)).status).toBe('succeeded');
  });

  it('never moves a payment backwards when events arrive out of order', async () => {
    const { intentId, transactionId } = await startPayment();
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    await deliver(intentEvent('payment_intent.payment_failed', intentId));
    expect((await transaction(transactionId)).status).toBe('succeeded');
    await deliver({ type: 'charge.refunded', object: { id: `ch_${randomUUID()}`, object: 'charge', refunded: true, payment_intent: intentId } });
    expect((await transaction(transactionId)).status).toBe('refunded');
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    expect((await transaction(transactionId)).status).toBe('refunded');
    expect(await paymentEvents(transactionId)).toHaveLength(1);
  });

  it('keeps a refund that arrives before the success it undoes, and announces no success', async () => {
    const { intentId, transactionId } = await startPayment();
    await deliver({ type: 'charge.refunded', object: { id: `ch_${randomUUID()}`, object: 'charge', refunded: true, payment_intent: intentId } });
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    expect((await transaction(transactionId)).status).toBe('refunded');
    expect(await paymentEvents(transactionId)).toEqual([]);
  });

  it('records a partial refund, then the rest, keeping the larger total when an older event arrives late', async () => {
    const { intentId, transactionId } = await startPayment();
    await deliver(intentEvent('payment_intent.succeeded', intentId));
    await deliver(refundEvent(intentId, 2500, 1000));
    expect(await transaction(transactionId)).toMatchObject({ status: 'partially_refunded', amountRefunded: '10.00' });
    await deliver(refundEvent(intentId, 2500, 2500));
    await deliver(refundEvent(intentId, 2500, 1000));
    expect(await transaction(transactionId)).toMatchObject({ status: 'refunded', amountRefunded: '25.00' });
  });

  it('refuses a delivery whose signature does not hold (400) and changes nothing', async () => {
    const { intentId, transactionId } = await startPayment();
    const forged = await deliver(intentEvent('payment_intent.succeeded', intentId), 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as ErrorBody).message).toMatch(/^headers\.stripe-signature: /);
    const unsigned = await fetch(`${c.sut.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: { id: intentId } } }) });
    expect(unsigned.status).toBe(400);
    expect((await transaction(transactionId)).status).toBe('pending');
  });

  it('takes and ignores events about payments that are not ours', async () => {
    const { transactionId } = await startPayment();
    const snapshot = async () => ({
      payments: await c.sut.service.runtime.db.select().from(transactions).orderBy(transactions.id),
      announced: (await c.sut.service.runtime.db.select().from(outbox)).length,
    });
    const before = await snapshot();
    expect((await deliver(intentEvent('payment_intent.succeeded', 'pi_elsewhere'))).status).toBe(200);
    expect((await deliver(refundEvent('pi_elsewhere', 2500, 2500))).status).toBe(200);
    expect((await deliver({ type: 'customer.created', object: { id: 'cus_1', object: 'customer' } })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect((await transaction(transactionId)).status).toBe('pending');
  });
});

describe('reading a payment', () => {
  it('shows it to its buyer (in the history once paid), to its seller once the money moved, and to nobody else', async () => {
    const { transactionId, intentId } = await startPayment();
    const read = (memberId: string | null) => call<Transaction>(c.sut, memberId, 'GET', `/api/transactions/${transactionId}`);
    const history = async (memberId: string, query = '') => (await call<{ items: Transaction[] }>(c.sut, memberId, 'GET', `/api/transactions?limit=50${query}`)).body.items.map((t) => t.id);
    expect((await read(c.ada.id)).body).toMatchObject({ id: transactionId, status: 'pending', source: 'stripe' });
    // A checkout opened and not yet paid stays out of the buyer's history unless asked for by its status.
    expect(await history(c.ada.id)).not.toContain(transactionId);
    expect(await history(c.ada.id, '&status=pending')).toContain(transactionId);
    // It is the buyer's business: the seller learns of it once paid.
    expect((await read(c.bob.id)).status).toBe(404);
    expect(await history(c.bob.id)).not.toContain(transactionId);
    expect(await history(c.bob.id, '&status=pending')).not.toContain(transactionId);
    expect((await deliver(intentEvent('payment_intent.succeeded', intentId))).status).toBe(200);
    expect((await read(c.bob.id)).body).toMatchObject({ id: transactionId, status: 'succeeded' });
    expect(await history(c.bob.id)).toContain(transactionId);
    expect(await history(c.ada.id)).toContain(transactionId);
    expect((await read(c.cara.id)).status).toBe(404);
    expect((await read(null)).status).toBe(401);
  });

  it('filters the history by type and status', async () => {
    const { transactionId } = await startPayment({ amount: '3.00', sellerId: c.cara.id, type: 'donation' });
    const donations = (await call<{ items: Transaction[] }>(c.sut, c.ada.id, 'GET', '/api/transactions?type=donation&status=pending')).body.items;
    expect(donations.map((t) => t.id)).toContain(transactionId);
    expect(donations.every((t) => t.type === 'donation' && t.status === 'pending')).toBe(true);
    expect((await call(c.sut, c.ada.id, 'GET', '/api/transactions?status=lost')).status).toBe(400);
  });
});

describe('without a payment provider', () => {
  it('says so to the checkout, and refuses to start a payment (503)', async () => {
    const bare = await startCommerce();
    try {
      const [dee, eve] = await seedMembers(bare, 'Dee', 'Eve');
      expect((await call<PaymentsConfig>(bare, dee!.id, 'GET', '/api/payments/config')).body).toEqual({ provider: null, publishableKey: null });
      expect(await call(bare, dee!.id, 'POST', '/api/create-payment-intent', { amount: '5.00', sellerId: eve!.id, type: 'transfer' })).toMatchObject({ status: 503, body: { message: 'Payments are not configured' } });
    } finally {
      await bare.stop();
    }
  });
});

describe('the development provider', () => {
  it('completes a payment through the same signed webhook path, with no real money', async () => {
    const dev = await startCommerce({ DEV_PAYMENTS_ENABLED: 'true' });
    try {
      const [dee, eve] = await seedMembers(dev, 'Dee', 'Eve');
      expect((await call<PaymentsConfig>(dev, dee!.id, 'GET', '/api/payments/config')).body).toEqual({ provider: 'development', publishableKey: null });
      const { body: intent } = await call<PaymentIntent>(dev, dee!.id, 'POST', '/api/create-payment-intent', { amount: '12.00', sellerId: eve!.id, type: 'transfer' });
      expect((await call(dev, eve!.id, 'POST', '/api/payments/dev/confirm', { clientSecret: intent.clientSecret })).status).toBe(404);
      expect((await call(dev, dee!.id, 'POST', '/api/payments/dev/confirm', { clientSecret: `${intent.clientSecret}x` })).status).toBe(404);
      const paid = await call<Transaction>(dev, dee!.id, 'POST', '/api/payments/dev/confirm', { clientSecret: intent.clientSecret });
      expect(paid.body).toMatchObject({ id: intent.transactionId, status: 'succeeded', source: 'development' });
      await waitFor('payment.succeeded in the outbox', async () => (await dev.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'payment.succeeded'))).length === 1);
      // The same form in a second tab, paid in the first: it goes on to the outcome, and nothing is paid twice.
      const again = await call<Transaction>(dev, dee!.id, 'POST', '/api/payments/dev/confirm', { clientSecret: intent.clientSecret });
      expect(again).toMatchObject({ status: 200, body: { id: intent.transactionId, status: 'succeeded' } });
      expect(await dev.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'payment.succeeded'))).toHaveLength(1);
    } finally {
      await dev.stop();
    }
  });

  it('refunds, through the same webhook path, a payment completed for an item sold meanwhile', async () => {
    const dev = await startCommerce({ DEV_PAYMENTS_ENABLED: 'true' });
    try {
      const [dee, eve] = await seedMembers(dev, 'Dee', 'Eve');
      const { body: item } = await call<Item>(dev, eve!.id, 'POST', '/api/items-for-sale', { title: 'Lamp', price: '18.00' });
      const { body: intent } = await call<PaymentIntent>(dev, dee!.id, 'POST', '/api/create-payment-intent', { amount: '18.00', sellerId: eve!.id, itemId: item.id, type: 'purchase' });
      // Another payment sold it at the same instant (the hold leaves no other way).
      await dev.service.runtime.db.update(itemsForSale).set({ status: 'sold' }).where(eq(itemsForSale.id, item.id));
      const paid = await call<Transaction>(dev, dee!.id, 'POST', '/api/payments/dev/confirm', { clientSecret: intent.clientSecret });
      expect(paid.body).toMatchObject({ id: intent.transactionId, status: 'refunded', amountRefunded: '18.00', refundReason: 'item_sold' });
      const refunds = await dev.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'payment.refunded'));
      expect(refunds.map((r) => (r.envelope as { data: { transactionId: string } }).data.transactionId)).toEqual([intent.transactionId]);
      expect(await dev.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'payment.succeeded'))).toEqual([]);
    } finally {
      await dev.stop();
    }
  });

  it('refuses (409) to complete a payment that was given up as abandoned', async () => {
    const dev = await startCommerce({ DEV_PAYMENTS_ENABLED: 'true' });
    try {
      const [dee, eve] = await seedMembers(dev, 'Dee', 'Eve');
      const { body: intent } = await call<PaymentIntent>(dev, dee!.id, 'POST', '/api/create-payment-intent', { amount: '5.00', sellerId: eve!.id, type: 'transfer' });
      await dev.service.runtime.db.update(transactions).set({ updatedAt: sql`now() - interval '2 hours'` }).where(eq(transactions.id, intent.transactionId));
      await dev.service.ctx.abandonedPayments!.processAll();
      const refused = await call<ErrorBody>(dev, dee!.id, 'POST', '/api/payments/dev/confirm', { clientSecret: intent.clientSecret });
      expect(refused).toMatchObject({ status: 409, body: { message: 'This payment has ended; start a new one' } });
      const [row] = await dev.service.runtime.db.select().from(transactions).where(eq(transactions.id, intent.transactionId));
      expect(row!.status).toBe('canceled');
      expect(await dev.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'payment.succeeded'))).toEqual([]);
    } finally {
      await dev.stop();
    }
  });
});

describe('contact privacy', () => {
  it('never shows the other party of a payment an e-mail its owner made private', async () => {
    const [dee, eve] = await seedMembers(c.sut, 'Dee', 'Eve');
    await setContactPrivacy(c.sut, users, eve!, false);
    const { body } = await call<PaymentIntent>(c.sut, dee!.id, 'POST', '/api/create-payment-intent', { amount: '2.00', sellerId: eve!.id, type: 'transfer' });
    expect((await deliver(intentEvent('payment_intent.succeeded', (await transaction(body.transactionId)).stripePaymentIntentId!))).status).toBe(200);
    const seenByDee = (await call<Transaction>(c.sut, dee!.id, 'GET', `/api/transactions/${body.transactionId}`)).body;
    expect(seenByDee.seller).toMatchObject({ firstName: 'Eve', email: null });
    expect(seenByDee.buyer?.email).toBe(`${dee!.id}@example.com`);
    expect(JSON.stringify((await call(c.sut, dee!.id, 'GET', '/api/transactions')).body)).not.toContain(`${eve!.id}@example.com`);
    expect((await call<Transaction>(c.sut, eve!.id, 'GET', `/api/transactions/${body.transactionId}`)).body.seller?.email).toBe(`${eve!.id}@example.com`);
  });
});
