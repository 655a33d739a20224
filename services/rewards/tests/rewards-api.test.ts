import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, RewardTransaction } from '@freemarket/contracts';
import type { TestProducer } from './fixtures/producer/test-producer.js';
import { activityOf, balanceOf, startProducer, startRewards, waitProcessed, type RewardsUnderTest } from './_util.js';

let sut: RewardsUnderTest;
let producer: TestProducer;
const payer = `dev-payer-${randomUUID().slice(0, 8)}`;
const PAYMENTS = 25;

beforeAll(async () => {
  sut = await startRewards();
  producer = await startProducer(sut);
  const events = await producer.emitMany(
    Array.from({ length: PAYMENTS }, (_, i) => ({
      type: 'payment.succeeded' as const,
      data: { transactionId: randomUUID(), buyerId: payer, sellerId: 'dev-shop', amount: `${i + 1}.00`, type: 'purchase' as const },
    })),
  );
  await waitProcessed(sut.service.runtime.db, events.map((e) => e.id));
});
afterAll(async () => {
  await producer?.close();
  await sut?.stop();
});

async function get(path: string, userId?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${sut.url}${path}`, { headers: userId ? await sut.as(userId) : {} });
  return { status: res.status, body: await res.json() };
}

describe('GET /api/rewards/balance', () => {
  it('answers 401 Unauthorized without a signed-in member', async () => {
    expect(await get('/api/rewards/balance')).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('answers 0 for a member who has earned nothing yet', async () => {
    expect(await balanceOf(sut, 'dev-newcomer')).toEqual({ balance: 0, lifetimeEarned: 0, lifetimeRedeemed: 0 });
  });

  it("shows the signed-in member's own balance", async () => {
    const total = (PAYMENTS * (PAYMENTS + 1)) / 2;
    expect(await balanceOf(sut, payer)).toEqual({ balance: total, lifetimeEarned: total, lifetimeRedeemed: 0 });
  });
});

describe('GET /api/rewards/transactions', () => {
  it('answers 401 Unauthorized without a signed-in member', async () => {
    expect((await get('/api/rewards/transactions')).status).toBe(401);
  });

  it('lists newest first, 20 by default, and pages through every row once with the cursor', async () => {
    const first = await activityOf(sut, payer);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();

    const seen: RewardTransaction[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await activityOf(sut, payer, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(PAYMENTS);
    expect(new Set(seen.map((t) => t.id)).size).toBe(PAYMENTS);
    const times = seen.map((t) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(seen.every((t) => t.type === 'earn' && t.action === 'purchase' && t.credited)).toBe(true);
  });

  it("shows only the member's own activity", async () => {
    expect(await activityOf(sut, 'dev-shop')).toEqual({ items: [], nextCursor: null });
  });

  it.each([
    ['?limit=0', 'querystring.limit'],
    ['?limit=101', 'querystring.limit'],
    ['?limit=abc', 'querystring.limit'],
    ['?limit=1.5', 'querystring.limit'],
    ['?limit=99999999999999999999', 'querystring.limit'],
    ['?cursor=not-a-cursor', 'querystring.cursor'],
    [`?cursor=${'x'.repeat(300)}`, 'querystring.cursor'],
    [`?cursor=${Buffer.from('2025-01-01T00:00:00.000Z|not-a-uuid').toString('base64url')}`, 'querystring.cursor'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const { status, body } = await get(`/api/rewards/transactions${query}`, payer);
    expect(status).toBe(400);
    expect((body as ErrorBody).message).toContain(field);
  });
});
