import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ErrorBody, Item, PaymentIntent } from '@freemarket/contracts';
import { waitFor } from '@freemarket/testing';
import { deliverWebhook, intentEvent, refundEvent, refundFailedEvent } from '@freemarket/testing/stripe-webhooks';
import { itemsForSale, outbox, transactions } from '../src/db/schema/index.js';
import { call, useCheckout, type Member } from './_util.js';

const WEBHOOK_SECRET = 'whsec_test_commerce_holds';
const HELD = 'Someone else is paying for this item; try again in a few minutes';
const c = useCheckout(WEBHOOK_SECRET, { PENDING_PAYMENT_TTL_MINUTES: '60' });

const db = () => c.sut.service.runtime.db;
const transaction = async (id: string) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
const itemRow = async (id: string) => (await db().select().from(itemsForSale).where(eq(itemsForSale.id, id)))[0];
const deliver = (type: string, intentId: string) => deliverWebhook(c.sut.url, intentEvent(type, intentId), WEBHOOK_SECRET);
const fakeIntent = (id: string) => c.stripe.intents.find((i) => i.id === id)!;

async function listItem(price = '40.00'): Promise<Item> {
  const listed = await call<Item>(c.sut, c.bob.id, 'POST', '/api/items-for-sale', { title: 'Rocking chair', price });
  expect(listed.status).toBe(201);
  return listed.body;
}

const buy = (by: Member, item: Item) => call<PaymentIntent & ErrorBody>(c.sut, by.id, 'POST', '/api/create-payment-intent', { amount: item.price, sellerId: c.bob.id, itemId: item.id, type: 'purchase' });

async function startBuying(by: Member, item: Item) {
  const started = await buy(by, item);
  expect(started.status).toBe(200);
  const row = await transaction(started.body.transactionId);
  return { transactionId: row.id, intentId: row.stripePaymentIntentId! };
}

/** As if the payment had had no news for `minutes`. */
async function age(transactionId: string, minutes: number): Promise<void> {
  await db()
    .update(transactions)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})`, updatedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(transactions.id, transactionId));
}

async function announced(type: 'payment.succeeded' | 'payment.refunded', transactionId: string): Promise<Record<string, unknown>[]> {
  const rows = await db().select().from(outbox).where(eq(outbox.type, type)).orderBy(outbox.createdAt);
  return rows.map((r) => (r.envelope as { data: { transactionId: string } }).data).filter((d) => d.transactionId === transactionId);
}
const successAnnouncements = async (transactionId: string) => (await announced('payment.succeeded', transactionId)).length;

describe('an item’s hold', () => {
  it('stays with a buyer whose card was declined, since Stripe keeps their form open for another card', async () => {
    const item = await listItem();
    const first = await startBuying(c.ada, item);
    await deliver('payment_intent.payment_failed', first.intentId);
    expect((await transaction(first.transactionId)).status).toBe('failed');
    expect(await buy(c.cara, item)).toMatchObject({ status: 409, body: { message: HELD } });
    await deliver('payment_intent.succeeded', first.intentId);
    expect((await transaction(first.transactionId)).status).toBe('succeeded');
    expect((await itemRow(item.id))?.status).toBe('sold');
  });

  it('is one payment when its buyer presses Buy Now in two tabs at the same moment', async () => {
    const item = await listItem();
    const intents = c.stripe.intents.length;
    const calls = c.stripe.calls();
    c.stripe.delayNextAnswer(300);
    const [first, second] = await Promise.all([buy(c.ada, item), buy(c.ada, item)]);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(c.stripe.intents.length - intents).toBe(1);
    expect(c.stripe.calls() - calls).toBe(1);
    expect((await transaction(first.body.transactionId)).status).toBe('pending');
  });

  it('lasts ten minutes after the buyer’s last news, then passes to the next buyer, whose payment ends the earlier one', async () => {
    const item = await listItem('55.00');
    const first = await startBuying(c.ada, item);
    await age(first.transactionId, 9);
    expect(await buy(c.cara, item)).toMatchObject({ status: 409, body: { message: HELD } });
    await age(first.transactionId, 11);
    const second = await startBuying(c.cara, item);
    expect((await transaction(first.transactionId)).status).toBe('canceled');
    expect(fakeIntent(first.intentId).status).toBe('canceled');
    expect((await transaction(second.transactionId)).status).toBe('pending');
  });

  it('refuses a second payment (409) while Stripe takes the buyer’s money for the first', async () => {
    const item = await listItem('31.00');
    const first = await startBuying(c.ada, item);
    fakeIntent(first.intentId).status = 'succeeded';
    expect(await buy(c.ada, item)).toMatchObject({ status: 409, body: { message: 'This payment is already being processed; see your transaction history' } });
    expect(c.stripe.cancels.has(first.intentId)).toBe(false);
  });

  it('is the same payment when the same buyer opens the checkout again (a second tab, a reload): one intent, nothing canceled', async () => {
    const item = await listItem('30.00');
    const first = await buy(c.ada, item);
    const again = await buy(c.ada, item);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const intents = c.stripe.intents.filter((i) => i.metadata.transactionId === first.body.transactionId);
    expect(intents).toHaveLength(1);
    expect(c.stripe.cancels.has(intents[0]!.id)).toBe(false);
    expect((await transaction(first.body.transactionId)).status).toBe('pending');
  });

  it('leaves only the newest payment payable when the buyer starts again while Stripe is still taking the first (a card check in another tab)', async () => {
    const item = await listItem('30.00');
    const first = await startBuying(c.ada, item);
    fakeIntent(first.intentId).status = 'requires_action';
    const second = await startBuying(c.ada, item);
    expect((await transaction(first.transactionId)).status).toBe('canceled');
    expect(fakeIntent(first.intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'duplicate' });
    expect(c.stripe.cancels.get(first.intentId)).toBe(1);
    expect((await transaction(second.transactionId)).status).toBe('pending');
    expect(fakeIntent(second.intentId).status).toBe('requires_payment_method');
  });
});

describe('a sale', () => {
  it('cancels every other open payment for the item, here and at Stripe', async () => {
    const item = await listItem('25.00');
    const first = await startBuying(c.ada, item);
    // Ada confirms the first tab's form just as she opens a second one, whose question to Stripe
    // about the first goes unanswered: Stripe has taken that money, and she has a second payment.
    fakeIntent(first.intentId).status = 'succeeded';
    c.stripe.failNextRetrieve();
    const second = await startBuying(c.ada, item);
    await deliver('payment_intent.succeeded', first.intentId);
    expect((await transaction(first.transactionId)).status).toBe('succeeded');
    expect((await itemRow(item.id))?.status).toBe('sold');
    expect((await transaction(second.transactionId)).status).toBe('canceled');
    expect(fakeIntent(second.intentId).status).toBe('canceled');
    expect(await successAnnouncements(first.transactionId)).toBe(1);
  });

  it('still happens when a partial refund arrives before the success, keeping the refund and announcing it again for rewards', async () => {
    const item = await listItem('40.00');
    const { transactionId, intentId } = await startBuying(c.ada, item);
    await deliverWebhook(c.sut.url, refundEvent(intentId, 4000, 500), WEBHOOK_SECRET);
    await deliver('payment_intent.succeeded', intentId);
    const row = await transaction(transactionId);
    expect(row).toMatchObject({ status: 'partially_refunded', amountRefunded: '5.00' });
    expect(row.succeededAt).not.toBeNull();
    expect((await itemRow(item.id))?.status).toBe('sold');
    expect(await successAnnouncements(transactionId)).toBe(1);
    // The first announcement found no credit to take points from; the second follows the success.
    const refunds = await announced('payment.refunded', transactionId);
    expect(refunds.map((r) => [r.amountRefunded, r.succeededAnnounced])).toEqual([
      ['5.00', false],
      ['5.00', true],
    ]);
    await deliver('payment_intent.succeeded', intentId);
    expect(await successAnnouncements(transactionId)).toBe(1);
    // Partly refunded, the item is still hers: Buy Now again says so.
    expect(await buy(c.ada, item)).toMatchObject({ status: 409, body: { message: 'You have already bought this item' } });
  });
});

/**
 * Ada pays in one tab, and a second tab, whose question to Stripe about the first goes unanswered,
 * makes another payment, which she pays too before Stripe's first webhook arrives: both are taken.
 */
async function paidTwice(price: string) {
  const item = await listItem(price);
  const first = await startBuying(c.ada, item);
  fakeIntent(first.intentId).status = 'succeeded';
  c.stripe.failNextRetrieve();
  const second = await startBuying(c.ada, item);
  fakeIntent(second.intentId).status = 'succeeded';
  await deliver('payment_intent.succeeded', first.intentId);
  return { item, first, second };
}

const refundsAt = (intentId: string) => c.stripe.refunds.filter((r) => r.payment_intent === intentId);
const sweep = () => c.sut.service.ctx.abandonedPayments!.processAll();

describe('a second payment taken for an item already sold', () => {
  it('is refunded in full at Stripe at once, earns nothing, and is marked refunded when Stripe reports it', async () => {
    const { item, first, second } = await paidTwice('31.00');
    await deliver('payment_intent.succeeded', second.intentId);
    expect((await itemRow(item.id))?.status).toBe('sold');
    expect(await transaction(first.transactionId)).toMatchObject({ status: 'succeeded', refundReason: null });
    expect(refundsAt(second.intentId)).toEqual([expect.objectContaining({ amount: 3100, metadata: { transactionId: second.transactionId, refundReason: 'paid_twice' } })]);
    expect(await transaction(second.transactionId)).toMatchObject({ status: 'succeeded', refundReason: 'paid_twice', refundDueAt: null, succeededAt: null });
    const seen = await call<{ status: string; refundReason: string | null }>(c.sut, c.ada.id, 'GET', `/api/transactions/${second.transactionId}`);
    expect(seen.body).toMatchObject({ status: 'succeeded', refundReason: 'paid_twice' });
    // The money goes back, so rewards never hears of a success to credit.
    expect(await successAnnouncements(second.transactionId)).toBe(0);
    expect(await successAnnouncements(first.transactionId)).toBe(1);

    await deliverWebhook(c.sut.url, refundEvent(second.intentId, 3100, 3100), WEBHOOK_SECRET);
    expect(await transaction(second.transactionId)).toMatchObject({ status: 'refunded', amountRefunded: '31.00', refundReason: 'paid_twice' });
    expect((await announced('payment.refunded', second.transactionId)).map((r) => [r.amountRefunded, r.succeededAnnounced])).toEqual([['31.00', false]]);
  });

  it('says the item was sold to someone else when another buyer’s payment sold it', async () => {
    const item = await listItem('36.00');
    const ada = await startBuying(c.ada, item);
    // Ada paid, but Stripe's webhook is late past the hold: Cara may start, and pays too.
    fakeIntent(ada.intentId).status = 'succeeded';
    await age(ada.transactionId, 90);
    const cara = await startBuying(c.cara, item);
    fakeIntent(cara.intentId).status = 'succeeded';
    await deliver('payment_intent.succeeded', ada.intentId);
    await deliver('payment_intent.succeeded', cara.intentId);
    expect(await transaction(cara.transactionId)).toMatchObject({ refundReason: 'item_sold' });
    expect(refundsAt(cara.intentId)).toHaveLength(1);
    // Cara's money is on its way back: the item is Ada's, and Cara is told it was sold.
    expect(await buy(c.cara, item)).toMatchObject({ status: 409, body: { message: 'This item has already been sold' } });
    expect(await buy(c.ada, item)).toMatchObject({ status: 409, body: { message: 'You have already bought this item' } });
  });

  it('asks Stripe once however often the success is delivered', async () => {
    const { second } = await paidTwice('32.00');
    await deliver('payment_intent.succeeded', second.intentId);
    await deliver('payment_intent.succeeded', second.intentId);
    await sweep();
    expect(refundsAt(second.intentId)).toHaveLength(1);
  });

  it('stays due when Stripe cannot be asked at once, and the sweeper asks again later', async () => {
    const { second } = await paidTwice('34.00');
    c.stripe.failNextRefund();
    await deliver('payment_intent.succeeded', second.intentId);
    const waiting = await transaction(second.transactionId);
    expect(waiting.refundReason).toBe('paid_twice');
    expect(waiting.refundDueAt!.getTime()).toBeGreaterThan(Date.now());
    expect(refundsAt(second.intentId)).toEqual([]);
    // Not before its time: a sweep now leaves it.
    await sweep();
    expect(refundsAt(second.intentId)).toEqual([]);
    await db().update(transactions).set({ refundDueAt: new Date(Date.now() - 1000) }).where(eq(transactions.id, second.transactionId));
    expect(await sweep()).toMatchObject({ refunded: 1 });
    expect(refundsAt(second.intentId)).toHaveLength(1);
    expect((await transaction(second.transactionId)).refundDueAt).toBeNull();
  });

  it('is not asked again when Stripe refuses it (a disputed charge), and is left for a person', async () => {
    const { second } = await paidTwice('37.00');
    fakeIntent(second.intentId).disputed = true;
    await deliver('payment_intent.succeeded', second.intentId);
    expect(await transaction(second.transactionId)).toMatchObject({ status: 'succeeded', refundReason: 'paid_twice', refundDueAt: null });
    expect(refundsAt(second.intentId)).toEqual([]);
  });

  it('is reported for a person to settle when Stripe could not return the refund to the card, and changes nothing', async () => {
    const { second } = await paidTwice('38.00');
    await deliver('payment_intent.succeeded', second.intentId);
    await deliverWebhook(c.sut.url, refundEvent(second.intentId, 3800, 3800), WEBHOOK_SECRET);
    const refunded = await transaction(second.transactionId);
    const errors = vi.spyOn(c.sut.service.runtime.logger, 'error');
    try {
      const failed = refundFailedEvent(second.intentId, 3800, 'expired_or_canceled_card', `evt_refund_failed_${second.transactionId}`);
      expect((await deliverWebhook(c.sut.url, failed, WEBHOOK_SECRET)).status).toBe(200);
      expect((await deliverWebhook(c.sut.url, failed, WEBHOOK_SECRET)).status).toBe(200);
      // Once however often Stripe delivers it: the buyer is still owed $38.00.
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ transactionId: second.transactionId, amount: '38.00', failureReason: 'expired_or_canceled_card', refundReason: 'paid_twice' }),
        expect.stringContaining('refund them another way'),
      );
    } finally {
      errors.mockRestore();
    }
    expect(await transaction(second.transactionId)).toEqual(refunded);
  });

  it('needs no refund of ours when the seller refunded it in Stripe first, and is marked refunded by Stripe’s report', async () => {
    const { second } = await paidTwice('35.00');
    fakeIntent(second.intentId).amount_refunded = 3500;
    await deliver('payment_intent.succeeded', second.intentId);
    expect(await transaction(second.transactionId)).toMatchObject({ refundReason: 'paid_twice', refundDueAt: null });
    expect(refundsAt(second.intentId)).toEqual([]);
    await deliverWebhook(c.sut.url, refundEvent(second.intentId, 3500, 3500), WEBHOOK_SECRET);
    expect((await transaction(second.transactionId)).status).toBe('refunded');
  });
});

describe('starting again for an item', () => {
  it('never leaves payable a payment ended while Stripe was still making its intent (the seller repriced the item): its request answers 409 and its intent is canceled', async () => {
    const item = await listItem('42.00');
    c.stripe.delayNextAnswer(800);
    const slow = buy(c.ada, item);
    const slowRow = await waitFor('the first payment stored', async () => (await db().select().from(transactions).where(eq(transactions.itemId, item.id)))[0]);
    expect((await call<Item>(c.sut, c.bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Rocking chair', price: '45.00' })).status).toBe(200);
    expect(await slow).toMatchObject({ status: 409, body: { message: 'This payment has ended; start a new one' } });
    expect((await transaction(slowRow.id)).status).toBe('canceled');
    const slowIntent = c.stripe.intents.find((i) => i.metadata.transactionId === slowRow.id)!;
    expect(slowIntent.status).toBe('canceled');
    const second = await startBuying(c.ada, { ...item, price: '45.00' });
    expect((await transaction(second.transactionId)).status).toBe('pending');
    expect(fakeIntent(second.intentId).status).toBe('requires_payment_method');
  });

  it('keeps the earlier payment when Stripe refuses the new one', async () => {
    const item = await listItem('60.00');
    const first = await startBuying(c.ada, item);
    // Being confirmed, it cannot be opened again: starting again asks for a new intent.
    fakeIntent(first.intentId).status = 'requires_action';
    c.stripe.minimumCents = 10_000;
    try {
      expect((await buy(c.ada, item)).status).toBe(400);
    } finally {
      c.stripe.minimumCents = 50;
    }
    expect((await transaction(first.transactionId)).status).toBe('pending');
    expect(fakeIntent(first.intentId).status).toBe('requires_action');
    expect(c.stripe.cancels.has(first.intentId)).toBe(false);
  });

  it('cancels a replaced payment at Stripe later when Stripe cannot be asked at once, and marks it canceled only then', async () => {
    const item = await listItem('33.00');
    const first = await startBuying(c.ada, item);
    fakeIntent(first.intentId).status = 'requires_action';
    c.stripe.failNextCancel();
    const second = await startBuying(c.ada, item);
    expect(fakeIntent(first.intentId).status).toBe('requires_action');
    expect((await transaction(first.transactionId)).status).toBe('pending');
    // Replaced, it no longer holds the item nor counts as open; the sweeper finishes the cancel.
    await c.sut.service.ctx.abandonedPayments!.processAll();
    expect(fakeIntent(first.intentId).status).toBe('canceled');
    expect((await transaction(first.transactionId)).status).toBe('canceled');
    expect((await transaction(second.transactionId)).status).toBe('pending');
  });

  it('cancels the item’s other payments at Stripe after a sale even when Stripe cannot be asked at once', async () => {
    const item = await listItem('27.00');
    const first = await startBuying(c.ada, item);
    // Ada confirms the first tab's form just as she opens a second one, whose question to Stripe
    // about the first goes unanswered: Stripe has taken that money, and she has a second payment.
    fakeIntent(first.intentId).status = 'succeeded';
    c.stripe.failNextRetrieve();
    const second = await startBuying(c.ada, item);
    c.stripe.failNextCancel();
    await deliver('payment_intent.succeeded', first.intentId);
    expect((await itemRow(item.id))?.status).toBe('sold');
    expect(fakeIntent(second.intentId).status).toBe('requires_payment_method');
    await c.sut.service.ctx.abandonedPayments!.processAll();
    expect(fakeIntent(second.intentId).status).toBe('canceled');
    expect((await transaction(second.transactionId)).status).toBe('canceled');
    expect((await transaction(first.transactionId)).status).toBe('succeeded');
  });
});

describe('the seller’s changes while a buyer pays', () => {
  it('cancel the item’s open payments at Stripe and here, then delete the item or change its price', async () => {
    const item = await listItem('20.00');
    const first = await startBuying(c.ada, item);
    const repriced = await call<Item>(c.sut, c.bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Rocking chair', price: '200.00' });
    expect(repriced).toMatchObject({ status: 200, body: { price: '200.00' } });
    expect(fakeIntent(first.intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect((await transaction(first.transactionId)).status).toBe('canceled');
    const second = await startBuying(c.cara, { ...item, price: '200.00' });
    await deliver('payment_intent.payment_failed', second.intentId);
    expect((await call(c.sut, c.bob.id, 'DELETE', `/api/items-for-sale/${item.id}`)).status).toBe(204);
    expect(fakeIntent(second.intentId).status).toBe('canceled');
    expect((await transaction(second.transactionId)).status).toBe('canceled');
    expect(await itemRow(item.id)).toBeUndefined();
  });

  it('ask Stripe only once the cancel is recorded, never with the item locked', async (ctx) => {
    // PGlite runs one transaction at a time, so there no lock can be told apart from the rest.
    if (c.sut.service.runtime.database.kind === 'pglite') ctx.skip();
    const item = await listItem('23.00');
    const { transactionId, intentId } = await startBuying(c.ada, item);
    const hold = c.stripe.holdNextCancel();
    const removing = call(c.sut, c.bob.id, 'DELETE', `/api/items-for-sale/${item.id}`);
    const whileStripeIsAsked = async () => {
      expect(await hold.arrived).toBe(intentId);
      const { cancelDueAt } = await transaction(transactionId);
      const lock = db().transaction((tx) => tx.select().from(itemsForSale).where(eq(itemsForSale.id, item.id)).for('update', { noWait: true }));
      return { cancelDueAt, item: await lock.then(() => 'free', (err: { cause?: { code?: string } }) => err.cause?.code ?? 'error') };
    };
    const seen = await whileStripeIsAsked().finally(() => hold.release());
    expect((await removing).status).toBe(204);
    // Committed before Stripe hears of it: were commerce to stop then, the sweeper would still cancel it.
    expect(seen.cancelDueAt).not.toBeNull();
    expect(seen.item).toBe('free');
    expect((await transaction(transactionId)).status).toBe('canceled');
    expect(await itemRow(item.id)).toBeUndefined();
  });

  it('leave a cancel Stripe could not be asked for due, for the sweeper to finish, and change nothing (502)', async () => {
    const item = await listItem('24.00');
    const { transactionId, intentId } = await startBuying(c.ada, item);
    c.stripe.failNextCancel();
    expect(await call<ErrorBody>(c.sut, c.bob.id, 'DELETE', `/api/items-for-sale/${item.id}`)).toMatchObject({ status: 502 });
    expect((await itemRow(item.id))?.price).toBe('24.00');
    expect((await transaction(transactionId)).cancelDueAt).not.toBeNull();
    await c.sut.service.ctx.abandonedPayments!.processAll();
    expect(fakeIntent(intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect((await transaction(transactionId)).status).toBe('canceled');
    expect((await call(c.sut, c.bob.id, 'DELETE', `/api/items-for-sale/${item.id}`)).status).toBe(204);
  });

  it('allow other changes without touching the payment', async () => {
    const item = await listItem('21.00');
    const { transactionId, intentId } = await startBuying(c.ada, item);
    const retitled = await call<Item>(c.sut, c.bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Oak rocking chair', price: '21.00' });
    expect(retitled).toMatchObject({ status: 200, body: { title: 'Oak rocking chair', price: '21.00' } });
    expect((await transaction(transactionId)).status).toBe('pending');
    expect(c.stripe.cancels.has(intentId)).toBe(false);
  });

  it('are refused (409) only while Stripe is taking the buyer’s money, and 502 while Stripe cannot be asked', async () => {
    const item = await listItem('22.00');
    const { transactionId, intentId } = await startBuying(c.ada, item);
    c.stripe.failNextCancel();
    expect(await call<ErrorBody>(c.sut, c.bob.id, 'DELETE', `/api/items-for-sale/${item.id}`)).toMatchObject({ status: 502 });
    fakeIntent(intentId).status = 'succeeded';
    const busy = 'A buyer is paying for this item right now; try again in a few minutes';
    expect(await call<ErrorBody>(c.sut, c.bob.id, 'DELETE', `/api/items-for-sale/${item.id}`)).toMatchObject({ status: 409, body: { message: busy } });
    expect(await call<ErrorBody>(c.sut, c.bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Rocking chair', price: '1.00' })).toMatchObject({ status: 409, body: { message: busy } });
    expect((await itemRow(item.id))?.price).toBe('22.00');
    await deliver('payment_intent.succeeded', intentId);
    expect((await transaction(transactionId)).status).toBe('succeeded');
  });

  it('never reprices a sold item (409)', async () => {
    const item = await listItem('9.00');
    const { transactionId, intentId } = await startBuying(c.ada, item);
    await deliver('payment_intent.succeeded', intentId);
    const repriced = await call<ErrorBody>(c.sut, c.bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Rocking chair', price: '1.00' });
    expect(repriced).toMatchObject({ status: 409, body: { message: 'This item has been sold; its price cannot change' } });
    expect((await itemRow(item.id))?.price).toBe('9.00');
    expect((await transaction(transactionId)).amount).toBe('9.00');
  });
});
