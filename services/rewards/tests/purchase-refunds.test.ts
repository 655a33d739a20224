import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { EventData } from '@freemarket/contracts';
import { seedMembers } from '@freemarket/testing';
import { rewardTransactions, users } from '../src/db/schema/index.js';
import { activityOf, balanceOf, startRewards, waitProcessed, type RewardsUnderTest } from './_util.js';

let sut: RewardsUnderTest;

beforeAll(async () => {
  sut = await startRewards({ REWARDS_MAX_DELIVER: '10' });
});
afterAll(async () => {
  await sut?.stop();
});

const db = () => sut.service.runtime.db;
const seller = 'dev-seller-refunds';

async function buyer(): Promise<string> {
  const [m] = await seedMembers(sut, users, 'Buyer');
  return m!.id;
}

async function paid(buyerId: string, amount: string): Promise<string> {
  const transactionId = randomUUID();
  const event = await sut.publish('payment.succeeded', { transactionId, buyerId, sellerId: seller, amount, type: 'purchase' });
  await waitProcessed(db(), [event.id]);
  return transactionId;
}

function refund(buyerId: string, transactionId: string, amount: string, amountRefunded: string, extra: Partial<EventData<'payment.refunded'>> = {}, id?: string) {
  return sut.publish('payment.refunded', { transactionId, buyerId, sellerId: seller, amount, amountRefunded, type: 'purchase', succeededAnnounced: true, ...extra }, id);
}

async function takenBack(buyerId: string, transactionId: string): Promise<number[]> {
  const rows = await db()
    .select({ amount: rewardTransactions.amount })
    .from(rewardTransactions)
    .where(and(eq(rewardTransactions.userId, buyerId), eq(rewardTransactions.relatedId, transactionId), eq(rewardTransactions.type, 'spend')));
  return rows.map((r) => r.amount);
}

describe('refunded purchases', () => {
  it('takes back exactly the points the purchase earned, once, however often the refund is told', async () => {
    const ada = await buyer();
    const tx = await paid(ada, '25.50');
    expect((await balanceOf(sut, ada)).balance).toBe(25);
    const first = await refund(ada, tx, '25.50', '25.50');
    await waitProcessed(db(), [first.id]);
    // The same event again (JetStream's duplicate window or a replay) and the same total under a new id.
    const again = await refund(ada, tx, '25.50', '25.50', {}, first.id);
    const repeat = await refund(ada, tx, '25.50', '25.50');
    await waitProcessed(db(), [again.id, repeat.id]);
    expect(await balanceOf(sut, ada)).toEqual({ balance: 0, lifetimeEarned: 0, lifetimeRedeemed: 0 });
    expect(await takenBack(ada, tx)).toEqual([-25]);
    expect((await activityOf(sut, ada)).items[0]).toMatchObject({ type: 'spend', action: 'purchase', amount: -25, relatedId: tx, credited: true });
  });

  it('takes back the whole refunded dollars of a partial refund, then the rest, never more than was credited', async () => {
    const bo = await buyer();
    const tx = await paid(bo, '40.00');
    const events = [await refund(bo, tx, '40.00', '15.50')];
    await waitProcessed(db(), events.map((e) => e.id));
    expect((await balanceOf(sut, bo)).balance).toBe(25);
    events.push(await refund(bo, tx, '40.00', '40.00'), await refund(bo, tx, '40.00', '15.50'));
    await waitProcessed(db(), events.map((e) => e.id));
    expect((await balanceOf(sut, bo)).balance).toBe(0);
    expect((await takenBack(bo, tx)).sort((a, b) => a - b)).toEqual([-25, -15]);
  });

  it('takes nothing for a payment that never earned, and leaves other points alone', async () => {
    const cy = await buyer();
    await paid(cy, '12.00');
    const unannounced = await refund(cy, randomUUID(), '30.00', '30.00', { succeededAnnounced: false });
    const small = await paid(cy, '0.75');
    const smallRefund = await refund(cy, small, '0.75', '0.75');
    await waitProcessed(db(), [unannounced.id, smallRefund.id]);
    expect((await balanceOf(sut, cy)).balance).toBe(12);
  });

  it('waits for the purchase’s credit when the refund is handled first', async () => {
    const di = await buyer();
    const transactionId = randomUUID();
    const early = await refund(di, transactionId, '9.99', '9.99');
    // The refund's first delivery finds no credit yet and is offered again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const success = await sut.publish('payment.succeeded', { transactionId, buyerId: di, sellerId: seller, amount: '9.99', type: 'purchase' });
    await waitProcessed(db(), [success.id, early.id], 30_000);
    expect(await balanceOf(sut, di)).toMatchObject({ balance: 0, lifetimeEarned: 0 });
    expect(await takenBack(di, transactionId)).toEqual([-9]);
  });
});
