import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isRemovedMember, type ErrorBody, type Item, type PaymentIntent } from '@freemarket/contracts';
import { deleteMember } from '@freemarket/testing';
import { deliverWebhook, intentEvent } from '@freemarket/testing/stripe-webhooks';
import { itemsForSale, outbox, transactions, users } from '../src/db/schema/index.js';
import { call, seedMembers, useCheckout, type Member } from './_util.js';

const WEBHOOK_SECRET = 'whsec_test_commerce_member_deleted';
const c = useCheckout(WEBHOOK_SECRET);

const db = () => c.sut.service.runtime.db;
const transaction = async (id: string) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]!;
const itemRow = async (id: string) => (await db().select().from(itemsForSale).where(eq(itemsForSale.id, id)))[0];
const deliver = (type: string, intentId: string) => deliverWebhook(c.sut.url, intentEvent(type, intentId), WEBHOOK_SECRET);
const fakeIntent = (id: string) => c.stripe.intents.find((i) => i.id === id)!;
const sweep = () => c.sut.service.ctx.abandonedPayments!.processAll();

async function listItem(seller: Member, price: string): Promise<Item> {
  const listed = await call<Item>(c.sut, seller.id, 'POST', '/api/items-for-sale', { title: `chair of ${seller.firstName}`, price });
  expect(listed.status).toBe(201);
  return listed.body;
}

const buy = (buyer: Member, item: Item) =>
  call<PaymentIntent & ErrorBody>(c.sut, buyer.id, 'POST', '/api/create-payment-intent', { amount: item.price, sellerId: item.userId, itemId: item.id, type: 'purchase' });

async function startBuying(buyer: Member, item: Item) {
  const started = await buy(buyer, item);
  expect(started.status).toBe(200);
  return { transactionId: started.body.transactionId, intentId: (await transaction(started.body.transactionId)).stripePaymentIntentId! };
}

async function announcedSuccesses(transactionId: string): Promise<Record<string, unknown>[]> {
  const rows = await db().select().from(outbox).where(eq(outbox.type, 'payment.succeeded'));
  return rows.map((r) => (r.envelope as { data: { transactionId: string } }).data).filter((d) => d.transactionId === transactionId);
}

/**
 * The deletion ends the member's open payments as soon as it commits: canceled at Stripe (as
 * abandoned), then here, well before the sweeper's first pass (a minute after start).
 */
async function expectEndedRightAway(payments: readonly { transactionId: string; intentId: string }[]): Promise<void> {
  for (const { transactionId, intentId } of payments) {
    await expect.poll(async () => (await transaction(transactionId)).status).toBe('canceled');
    expect(await transaction(transactionId)).toMatchObject({ cancelDueAt: null, cancelReason: null });
    expect(fakeIntent(intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  }
}

describe('user.deleted and card payments', () => {
  it('ends the open payments a deleted buyer started, pending or declined with the form open, and frees the items for others', async () => {
    const [gone, seller] = (await seedMembers(c.sut, 'Leaving', 'Selling')) as [Member, Member];
    const [chair, lamp, desk] = [await listItem(seller, '20.00'), await listItem(seller, '15.00'), await listItem(seller, '12.00')];
    const pending = await startBuying(gone, chair);
    const declined = await startBuying(gone, lamp);
    await deliver('payment_intent.payment_failed', declined.intentId);
    const paid = await startBuying(gone, desk);
    await deliver('payment_intent.succeeded', paid.intentId);

    await deleteMember(c.sut, users, gone);
    expect(isRemovedMember((await transaction(pending.transactionId)).buyerId)).toBe(true);
    // Ended as open at once: the chair no longer waits for a buyer who is gone.
    expect((await buy(c.cara, chair)).status).toBe(200);
    await expectEndedRightAway([pending, declined]);
    expect((await transaction(paid.transactionId)).status).toBe('succeeded');
    expect(c.stripe.cancels.has(paid.intentId)).toBe(false);
  });

  it('ends the open payments made to a deleted seller, whose items are gone', async () => {
    const [gone] = (await seedMembers(c.sut, 'Closing')) as [Member];
    const item = await listItem(gone, '30.00');
    const payment = await startBuying(c.ada, item);

    await deleteMember(c.sut, users, gone);
    expect(await itemRow(item.id)).toBeUndefined();
    await expectEndedRightAway([payment]);
  });

  it('still settles, as Stripe says, payments the deletion ended that Stripe took the money for', async () => {
    const [gone] = (await seedMembers(c.sut, 'Paying')) as [Member];
    const [taking, raced] = [await listItem(c.bob, '18.00'), await listItem(c.bob, '19.00')];
    const beingTaken = await startBuying(gone, taking);
    const canceled = await startBuying(gone, raced);
    // The buyer confirmed one form just before deleting their account: Stripe is taking that money.
    fakeIntent(beingTaken.intentId).status = 'succeeded';

    await deleteMember(c.sut, users, gone);
    await expect.poll(async () => (await transaction(canceled.transactionId)).status).toBe('canceled');
    // Stripe answered the other cancel too late; the sweeper asks again later, and leaves it meanwhile.
    await sweep();
    expect((await transaction(beingTaken.transactionId)).status).toBe('pending');
    // The other confirm raced the cancel at Stripe and won.
    for (const [payment, item] of [
      [beingTaken, taking],
      [canceled, raced],
    ] as const) {
      expect((await deliver('payment_intent.succeeded', payment.intentId)).status).toBe(200);
      const settled = await transaction(payment.transactionId);
      expect(settled).toMatchObject({ status: 'succeeded', cancelDueAt: null });
      expect(isRemovedMember(settled.buyerId)).toBe(true);
      expect((await itemRow(item.id))?.status).toBe('sold');
      expect(await announcedSuccesses(payment.transactionId)).toEqual([expect.objectContaining({ buyerId: settled.buyerId, sellerId: c.bob.id })]);
    }
  });
});
