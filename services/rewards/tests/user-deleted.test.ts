import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { removedMemberId, type ExportPart } from '@freemarket/contracts';
import { afterReplay, deleteMember, deliverLate, memberEvents, seedMembers } from '@freemarket/testing';
import { rewards, rewardTransactions, users } from '../src/db/schema/index.js';
import { startRewards, waitProcessed, type RewardsUnderTest } from './_util.js';

let sut: RewardsUnderTest;
beforeAll(async () => {
  sut = await startRewards();
});
afterAll(() => sut?.stop());

async function earn(userId: string): Promise<void> {
  const db = sut.service.runtime.db;
  await db.insert(rewards).values({ userId, balance: 10, lifetimeEarned: 10 });
  await db.insert(rewardTransactions).values({ userId, type: 'earn', amount: 10, action: 'post_review', relatedId: crypto.randomUUID() });
}

const snapshot = async () => ({
  balances: await sut.service.runtime.db.select().from(rewards).orderBy(rewards.userId),
  history: await sut.service.runtime.db.select().from(rewardTransactions).orderBy(rewardTransactions.userId),
});

describe('user.deleted in rewards', () => {
  it('exports the member’s balance and history, erases both at deletion, leaves others’ alone, and ignores a replay', async () => {
    const [gone, kept] = await seedMembers(sut, users, 'Gone', 'Kept');
    await earn(gone!.id);
    await earn(kept!.id);
    const res = await fetch(`${sut.url}/internal/export`, { headers: await sut.as(gone!.id) });
    const part = (await res.json()) as ExportPart;
    expect(part.lists.balance).toEqual([expect.objectContaining({ userId: gone!.id, balance: 10 })]);
    expect(part.lists.history).toHaveLength(1);

    const event = await deleteMember(sut, users, gone!);
    const after = await snapshot();
    expect(after.balances.map((b) => b.userId)).toEqual([kept!.id]);
    expect(after.history.map((h) => h.userId)).toEqual([kept!.id]);

    expect(await afterReplay(sut, event, snapshot)).toEqual(after);
  });

  it('credits no one and recreates nothing from the member’s events that happened before the deletion and arrive after it', async () => {
    const [gone, kept] = await seedMembers(sut, users, 'Late', 'Kept');
    const before = new Date();
    await deleteMember(sut, users, gone!);
    const review = (reviewerId: string, revieweeId: string) => ({ type: 'review.created' as const, data: { reviewId: crypto.randomUUID(), reviewerId, revieweeId, rating: 5 } });
    await deliverLate(sut, before, [...memberEvents(gone!), review(gone!.id, kept!.id), review(kept!.id, gone!.id)]);
    const after = await snapshot();
    expect(after.balances.filter((b) => b.userId === gone!.id)).toEqual([]);
    expect(after.history.filter((h) => h.userId === gone!.id)).toEqual([]);
    // The member still here earns from the same batch of late events.
    expect(after.balances.filter((b) => b.userId === kept!.id)).toHaveLength(1);
    expect(await sut.service.runtime.db.select().from(users).where(eq(users.id, gone!.id))).toEqual([]);
  });

  it('credits no one for a payment that settles after its payer deleted their account, nor for its refund', async () => {
    const [seller] = await seedMembers(sut, users, 'Seller');
    const standIn = removedMemberId(crypto.randomUUID());
    const transactionId = crypto.randomUUID();
    const payment = { transactionId, buyerId: standIn, sellerId: seller!.id, amount: '42.00', type: 'purchase' as const };
    const settled = await sut.publish('payment.succeeded', payment);
    const refunded = await sut.publish('payment.refunded', { ...payment, amountRefunded: '42.00', succeededAnnounced: true });
    await waitProcessed(sut.service.runtime.db, [settled.id, refunded.id]);
    const after = await snapshot();
    expect(after.balances.filter((b) => b.userId === standIn)).toEqual([]);
    expect(after.history.filter((h) => h.userId === standIn)).toEqual([]);
  });
});
