import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportPart } from '@freemarket/contracts';
import { afterReplay, deleteMember, seedMembers } from '@freemarket/testing';
import { rewards, rewardTransactions, users } from '../src/db/schema/index.js';
import { startRewards, type RewardsUnderTest } from './_util.js';

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
});
