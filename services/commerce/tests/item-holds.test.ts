import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ErrorBody, Item, PaymentIntent } from '@freemarket/contracts';
import { itemsForSale, outbox, transactions } from '../src/db/schema/index.js';
import { call, seedMembers, startCommerceWithStripe, type CommerceUnderTest, type Member } from './_util.js';
import { startFakeStripe, type FakeStripe } from './fixtures/fake-stripe.js';
import { deliverWebhook, intentEvent, refundEvent } from './fixtures/stripe-webhooks.js';

const WEBHOOK_SECRET = 'whsec_test_commerce_holds';
const HELD = 'Someone else is paying for this item; try again in a few minutes';
let stripe: FakeStripe;
let sut: CommerceUnderTest;
let ada: Member;
let bob: Member;
let cara: Member;

beforeAll(async () => {
  stripe = await startFakeStripe();
  sut = await startCommerceWithStripe(stripe.url, WEBHOOK_SECRET, { PENDING_PAYMENT_TTL_MINUTES: '60' });
  [ada, bob, cara] = (await seedMembers(sut, 'Ada', 'Bob', 'Cara')) as [Member, Member, Member];
});
afterAll(async () => {
  await sut?.stop();
  await stripe?.close();
});

const db = () => sut.service.runtime.db;
const transaction = async (id: string) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
const itemRow = async (id: string) => (await db().select().from(itemsForSale).where(eq(itemsForSale.id, id)))[0];
const deliver = (type: string, intentId: string) => deliverWebhook(sut.url, intentEvent(type, intentId), WEBHOOK_SECRET);
const fakeIntent = (id: string) => stripe.intents.find((i) => i.id === id)!;

async function listItem(price = '40.00'): Promise<Item> {
  const listed = await call<Item>(sut, bob.id, 'POST', '/api/items-for-sale', { title: 'Rocking chair', price });
  expect(listed.status).toBe(201);
  return listed.body;
}

const buy = (by: Member, item: Item) => call<PaymentIntent & ErrorBody>(sut, by.id, 'POST', '/api/create-payment-intent', { amount: item.price, sellerId: bob.id, itemId: item.id, type: 'purchase' });

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
    const first = await startBuying(ada, item);
    await deliver('payment_intent.payment_failed', first.intentId);
    expect((await transaction(first.transactionId)).status).toBe('failed');
    expect(await buy(cara, item)).toMatchObject({ status: 409, body: { message: HELD } });
    await deliver('payment_intent.succeeded', first.intentId);
    expect((await transaction(first.transactionId)).status).toBe('succeeded');
    expect((await itemRow(item.id))?.status).toBe('sold');
  });

  it('lasts as long as an unpaid payment stays payable, then passes to the next buyer and the stale payment is canceled', async () => {
    const item = await listItem('55.00');
    const first = await startBuying(ada, item);
    await age(first.transactionId, 45);
    expect(await buy(cara, item)).toMatchObject({ status: 409, body: { message: HELD } });
    await age(first.transactionId, 61);
    const second = await startBuying(cara, item);
    expect((await transaction(first.transactionId)).status).toBe('canceled');
    expect(fakeIntent(first.intentId).status).toBe('canceled');
    expect((await transaction(second.transactionId)).status).toBe('pending');
  });

  it('leaves only the newest payment payable when the same buyer starts again (a second tab, a reload)', async () => {
    const item = await listItem('30.00');
    const first = await startBuying(ada, item);
    const second = await startBuying(ada, item);
    expect((await transaction(first.transactionId)).status).toBe('canceled');
    expect(fakeIntent(first.intentId).status).toBe('canceled');
    expect(stripe.cancels.get(first.intentId)).toBe(1);
    expect((await transaction(second.transactionId)).status).toBe('pending');
    expect(fakeIntent(second.intentId).status).toBe('requires_payment_method');
  });
});

describe('a sale', () => {
  it('cancels every other open payment for the item, here and at Stripe', async () => {
    const item = await listItem('25.00');
    const first = await startBuying(ada, item);
    // Ada confirms the first tab's form just as she opens a second one: Stripe has taken that money.
    fakeIntent(first.intentId).status = 'succeeded';
    const second = await startBuying(ada, item);
    await deliver('payment_intent.succeeded', first.intentId);
    expect((await transaction(first.transactionId)).status).toBe('succeeded');
    expect((await itemRow(item.id))?.status).toBe('sold');
    expect((await transaction(second.transactionId)).status).toBe('canceled');
    expect(fakeIntent(second.intentId).status).toBe('canceled');
    expect(await successAnnouncements(first.transactionId)).toBe(1);
  });

  it('still happens when a partial refund arrives before the success, keeping the refund and announcing it again for rewards', async () => {
    const item = await listItem('40.00');
    const { transactionId, intentId } = await startBuying(ada, item);
    await deliverWebhook(sut.url, refundEvent(intentId, 4000, 500), WEBHOOK_SECRET);
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
  });
});

describe('the seller’s changes while a buyer pays', () => {
  it('refuses deleting the item or changing its price (409), allows other changes, and frees both once the payment ends', async () => {
    const item = await listItem('20.00');
    const { transactionId, intentId } = await startBuying(ada, item);
    const busy = 'Someone is paying for this item; try again once their payment has ended';
    expect(await call<ErrorBody>(sut, bob.id, 'DELETE', `/api/items-for-sale/${item.id}`)).toMatchObject({ status: 409, body: { message: busy } });
    expect(await call<ErrorBody>(sut, bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Rocking chair', price: '200.00' })).toMatchObject({ status: 409, body: { message: busy } });
    const retitled = await call<Item>(sut, bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Oak rocking chair', price: '20.00' });
    expect(retitled).toMatchObject({ status: 200, body: { title: 'Oak rocking chair', price: '20.00' } });
    await deliver('payment_intent.payment_failed', intentId);
    expect((await call(sut, bob.id, 'DELETE', `/api/items-for-sale/${item.id}`)).status).toBe(409);
    await deliver('payment_intent.canceled', intentId);
    expect((await transaction(transactionId)).status).toBe('canceled');
    expect((await call<Item>(sut, bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Oak rocking chair', price: '18.00' })).body.price).toBe('18.00');
    expect((await call(sut, bob.id, 'DELETE', `/api/items-for-sale/${item.id}`)).status).toBe(204);
  });

  it('never reprices a sold item (409)', async () => {
    const item = await listItem('9.00');
    const { transactionId, intentId } = await startBuying(ada, item);
    await deliver('payment_intent.succeeded', intentId);
    const repriced = await call<ErrorBody>(sut, bob.id, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Rocking chair', price: '1.00' });
    expect(repriced).toMatchObject({ status: 409, body: { message: 'This item has been sold; its price cannot change' } });
    expect((await itemRow(item.id))?.price).toBe('9.00');
    expect((await transaction(transactionId)).amount).toBe('9.00');
  });
});
