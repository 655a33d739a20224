import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isRemovedMember, type ExportPart } from '@freemarket/contracts';
import { userSummaries } from '@freemarket/kit';
import { afterReplay, deleteMember, deliverLate, memberEvents } from '@freemarket/testing';
import { expenses, itemsForSale, memberProfiles, transactions, users } from '../src/db/schema/index.js';
import { call, seedMembers, startCommerce, type CommerceUnderTest } from './_util.js';

let sut: CommerceUnderTest;
beforeAll(async () => {
  sut = await startCommerce();
});
afterAll(() => sut?.stop());

async function holdings(buyerId: string, sellerId: string): Promise<void> {
  const db = sut.service.runtime.db;
  for (const userId of [buyerId, sellerId]) {
    await db.insert(expenses).values({ userId, amount: '10.00', lineItem: `supplies of ${userId}`, vendor: 'Shop' });
  }
  const [item] = await db.insert(itemsForSale).values({ userId: sellerId, title: `bike of ${sellerId}`, price: '50.00' }).returning();
  await db.insert(transactions).values({ buyerId, sellerId, itemId: item!.id, amount: '50.00', source: 'manual' });
}

const snapshot = async () => {
  const db = sut.service.runtime.db;
  return {
    expenses: await db.select().from(expenses).orderBy(expenses.lineItem),
    items: await db.select().from(itemsForSale).orderBy(itemsForSale.title),
    transactions: await db.select().from(transactions).orderBy(transactions.createdAt),
  };
};

describe('user.deleted in commerce', () => {
  it('exports the member’s listings, expenses and payments', async () => {
    const [buyer, seller] = await seedMembers(sut, 'Buyer', 'Seller');
    await holdings(buyer!.id, seller!.id);
    const { status, body } = await call<ExportPart>(sut, seller!.id, 'GET', '/internal/export');
    expect(status).toBe(200);
    expect(body.lists.items).toEqual([expect.objectContaining({ title: `bike of ${seller!.id}` })]);
    expect(body.lists.expenses).toHaveLength(1);
    expect(body.lists.transactions).toEqual([expect.objectContaining({ buyerId: buyer!.id, sellerId: seller!.id })]);
    expect(body.truncated).toEqual([]);
  });

  it('erases the member’s expenses and listings, keeps payments with their side anonymised, and ignores a replay', async () => {
    const [gone, kept] = await seedMembers(sut, 'Gone', 'Kept');
    await holdings(kept!.id, gone!.id);
    await holdings(gone!.id, kept!.id);

    const event = await deleteMember(sut, users, gone!);
    const after = await snapshot();
    expect(after.expenses.filter((e) => e.userId === gone!.id)).toEqual([]);
    expect(after.expenses.filter((e) => e.userId === kept!.id)).toHaveLength(2);
    expect(after.items.filter((i) => i.userId === gone!.id)).toEqual([]);
    expect(after.items.filter((i) => i.userId === kept!.id)).toHaveLength(1);
    const theirs = after.transactions.filter((t) => t.buyerId === kept!.id || t.sellerId === kept!.id);
    expect(theirs).toHaveLength(2);
    for (const t of theirs) expect(isRemovedMember(t.buyerId) || isRemovedMember(t.sellerId)).toBe(true);
    expect(after.transactions.filter((t) => t.buyerId === gone!.id || t.sellerId === gone!.id)).toEqual([]);

    expect(await afterReplay(sut, event, snapshot)).toEqual(after);
  });

  const rowsOf = async (userId: string) => {
    const db = sut.service.runtime.db;
    return {
      users: await db.select().from(users).where(eq(users.id, userId)),
      memberProfiles: await db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId)),
      summaries: [...(await userSummaries(db, users, [userId], userId)).values()],
    };
  };

  it('recreates nothing from the member’s events that happened before the deletion and arrive after it', async () => {
    const [gone] = await seedMembers(sut, 'Late');
    const before = new Date();
    await deleteMember(sut, users, gone!);
    await deliverLate(sut, before, memberEvents(gone!));
    expect(await rowsOf(gone!.id)).toEqual({ users: [], memberProfiles: [], summaries: [] });
  });

  it('knows a member again who signs up after the deletion (the same sign-in, the same id)', async () => {
    const [back] = await seedMembers(sut, 'Back');
    await deleteMember(sut, users, back!);
    await deliverLate(sut, new Date(), memberEvents(back!));
    const rows = await rowsOf(back!.id);
    expect(rows.users).toHaveLength(1);
    expect(rows.memberProfiles).toEqual([expect.objectContaining({ isPoliticalCandidate: true })]);
  });
});
