import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Envelope, ErrorBody, Transaction, TransactionPage } from '@freemarket/contracts';
import { startServiceForTest, waitFor, type ServiceUnderTest } from '@freemarket/testing';
import { createCommerceService, loadCommerceConfig } from '../src/index.js';
import { memberProfiles, outbox, processedEvents, transactions, users } from '../src/db/schema/index.js';

let sut: ServiceUnderTest<Awaited<ReturnType<typeof createCommerceService>>>;
const tag = randomUUID().slice(0, 6);
const buyer = `dev-buyer-${tag}`;
const shop = `dev-shop-${tag}`;
const candidate = `dev-candidate-${tag}`;
const memberWithoutProfile = `dev-noprofile-${tag}`;

const db = () => sut.service.runtime.db;

async function knowMember(id: string): Promise<void> {
  await sut.publish('user.upserted', { id, email: `${id}@example.com`, firstName: id.split('-')[1] ?? null, lastName: 'Tester', profileImageUrl: null });
}

async function setCandidate(userId: string, isPoliticalCandidate: boolean, occurredAt?: string): Promise<Envelope<'profile.updated'>> {
  const event = {
    id: randomUUID(),
    type: 'profile.updated' as const,
    occurredAt: occurredAt ?? new Date().toISOString(),
    producer: 'test',
    data: { profileId: randomUUID(), userId, isServiceProvider: false, isNonProfit: false, isPoliticalCandidate, isCommunityMember: true },
  };
  await sut.bus.publish(event);
  return event;
}

const candidateFlag = async (userId: string) => (await db().select().from(memberProfiles).where(eq(memberProfiles.userId, userId)))[0]?.isPoliticalCandidate;

beforeAll(async () => {
  sut = await startServiceForTest({ name: 'commerce', create: createCommerceService, loadConfig: loadCommerceConfig });
  for (const id of [buyer, shop, candidate, memberWithoutProfile]) await knowMember(id);
  await sut.publish('profile.created', { profileId: randomUUID(), userId: candidate, isServiceProvider: false, isNonProfit: false, isPoliticalCandidate: true, isCommunityMember: false });
  await sut.publish('profile.created', { profileId: randomUUID(), userId: shop, isServiceProvider: true, isNonProfit: false, isPoliticalCandidate: false, isCommunityMember: false });
  await waitFor('members and profiles projected', async () => {
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(users);
    return row!.n === 4 && (await candidateFlag(candidate)) === true && (await candidateFlag(shop)) === false;
  });
});
afterAll(() => sut?.stop());

async function post(body: unknown, userId: string | null = buyer, raw?: { body: string; type: string }): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${sut.url}/api/transactions/manual`, {
    method: 'POST',
    headers: { 'content-type': raw?.type ?? 'application/json', ...(userId ? await sut.as(userId) : {}) },
    body: raw?.body ?? JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function list(userId: string | null, query = ''): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${sut.url}/api/transactions${query}`, { headers: userId ? await sut.as(userId) : {} });
  return { status: res.status, body: await res.json() };
}

const rowCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(transactions))[0]!.n;
const valid = { amount: '25.50', sellerId: shop, type: 'purchase', paymentMethod: 'venmo', description: 'Fresh bread' };

describe('POST /api/transactions/manual', () => {
  it('records a payment made outside FreeMarket and announces it with transaction.recorded', async () => {
    const { status, body } = await post(valid);
    expect(status).toBe(201);
    const tx = body as Transaction;
    expect(tx).toMatchObject({
      buyerId: buyer,
      sellerId: shop,
      amount: '25.50',
      type: 'purchase',
      source: 'manual',
      status: 'recorded',
      paymentMethod: 'venmo',
      description: 'Fresh bread',
      itemId: null,
      seller: { id: shop, email: `${shop}@example.com` },
      buyer: { id: buyer },
    });
    const [event] = await db().select().from(outbox).where(sql`${outbox.envelope}->'data'->>'transactionId' = ${tx.id}`);
    expect(event?.type).toBe('transaction.recorded');
    expect((event?.envelope as Envelope<'transaction.recorded'>).data).toEqual({ transactionId: tx.id, buyerId: buyer, sellerId: shop, amount: '25.50', type: 'purchase', source: 'manual' });
  });

  it('defaults the type to purchase, and stores an empty description as none', async () => {
    const { status, body } = await post({ amount: '3', sellerId: shop, paymentMethod: 'barter', description: '   ' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ type: 'purchase', amount: '3.00', description: null, paymentMethod: 'barter' });
  });

  it('answers 401 Unauthorized without a signed-in member', async () => {
    expect(await post(valid, null)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('refuses a transaction with oneself (403)', async () => {
    const before = await rowCount();
    const { status, body } = await post({ ...valid, sellerId: buyer });
    expect(status).toBe(403);
    expect((body as ErrorBody).message).toBe('You cannot record a transaction with yourself');
    expect(await rowCount()).toBe(before);
  });

  it('answers 404 for a seller who is not a member', async () => {
    expect(await post({ ...valid, sellerId: 'dev-nobody' })).toEqual({ status: 404, body: { message: 'Seller not found' } });
  });

  it('accepts a donation to a political candidate', async () => {
    const { status, body } = await post({ ...valid, sellerId: candidate, type: 'donation', paymentMethod: 'check' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ type: 'donation', sellerId: candidate });
  });

  it.each([
    ['a member whose profile is not a candidate', () => shop],
    ['a member without a profile', () => memberWithoutProfile],
  ])('refuses a donation to %s (403)', async (_what, seller) => {
    const before = await rowCount();
    const { status, body } = await post({ ...valid, sellerId: seller(), type: 'donation' });
    expect(status).toBe(403);
    expect((body as ErrorBody).message).toBe('Donations can only be made to political candidates');
    expect(await rowCount()).toBe(before);
  });

  it('follows profile changes: no donations once a candidate stops running, and a late older event does not undo that', async () => {
    const former = `dev-former-${tag}`;
    await knowMember(former);
    const running = await setCandidate(former, true);
    await waitFor('candidate projected', async () => (await candidateFlag(former)) === true);
    expect((await post({ ...valid, sellerId: former, type: 'donation' })).status).toBe(201);
    await setCandidate(former, false);
    await waitFor('no longer a candidate', async () => (await candidateFlag(former)) === false);
    const late = await setCandidate(former, true, new Date(Date.parse(running.occurredAt) - 1000).toISOString());
    await waitFor('the late event handled', async () => (await db().select().from(processedEvents).where(eq(processedEvents.eventId, late.id))).length > 0);
    expect(await candidateFlag(former)).toBe(false);
    expect((await post({ ...valid, sellerId: former, type: 'donation' })).status).toBe(403);
  });

  it.each([
    [{ ...valid, amount: undefined }, 'body.amount'],
    [{ ...valid, amount: 12.5 }, 'body.amount'],
    [{ ...valid, amount: '0' }, 'body.amount'],
    [{ ...valid, amount: '0.00' }, 'body.amount'],
    [{ ...valid, amount: '-5' }, 'body.amount'],
    [{ ...valid, amount: '1.234' }, 'body.amount'],
    [{ ...valid, amount: 'abc' }, 'body.amount'],
    [{ ...valid, amount: '1e3' }, 'body.amount'],
    [{ ...valid, amount: '100000000' }, 'body.amount'],
    [{ ...valid, amount: '99999999999999999999999' }, 'body.amount'],
    [{ ...valid, paymentMethod: undefined }, 'body.paymentMethod'],
    [{ ...valid, paymentMethod: 'bitcoin' }, 'body.paymentMethod'],
    [{ ...valid, type: 'gift' }, 'body.type'],
    [{ ...valid, description: 'x'.repeat(501) }, 'body.description'],
    [{ ...valid, description: 42 }, 'body.description'],
    [{ ...valid, sellerId: '' }, 'body.sellerId'],
    [{ ...valid, sellerId: 'x'.repeat(256) }, 'body.sellerId'],
    [{ ...valid, sellerId: 7 }, 'body.sellerId'],
    [{ ...valid, sellerId: 'dev-\u0000' }, 'body.sellerId'],
    [{ ...valid, description: 'nul \u0000 inside' }, 'body.description'],
  ])('refuses %j with 400 naming %s, and writes nothing', async (body, field) => {
    const before = await rowCount();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).message).toContain(field);
    expect(await rowCount()).toBe(before);
  });

  it('answers 400 to malformed JSON and 415 to a form body', async () => {
    expect((await post(undefined, buyer, { body: '{"amount": ', type: 'application/json' })).status).toBe(400);
    expect((await post(undefined, buyer, { body: 'amount=5', type: 'application/x-www-form-urlencoded' })).status).toBe(415);
  });
});

describe('GET /api/transactions', () => {
  const payer = `dev-payer-${tag}`;
  const payee = `dev-payee-${tag}`;

  beforeAll(async () => {
    await knowMember(payer);
    await knowMember(payee);
    await waitFor('payer and payee projected', async () => (await db().select().from(users).where(eq(users.id, payee))).length === 1);
    for (let i = 1; i <= 5; i++) expect((await post({ ...valid, amount: `${i}.00`, sellerId: payee }, payer)).status).toBe(201);
    expect((await post({ ...valid, amount: '9.99', sellerId: payer }, payee)).status).toBe(201);
  });

  it('lists the signed-in member’s transactions as buyer and as seller, newest first', async () => {
    const { status, body } = await list(payer);
    expect(status).toBe(200);
    const page = body as TransactionPage;
    expect(page.items.map((t) => t.amount)).toEqual(['9.99', '5.00', '4.00', '3.00', '2.00', '1.00']);
    expect(page.items[0]).toMatchObject({ buyerId: payee, sellerId: payer, buyer: { id: payee }, seller: { id: payer } });
    expect(page.nextCursor).toBeNull();
  });

  it('filters by role and pages with the cursor without repeats or gaps', async () => {
    expect(((await list(payer, '?role=seller')).body as TransactionPage).items.map((t) => t.amount)).toEqual(['9.99']);
    const first = (await list(payer, '?role=buyer&limit=2')).body as TransactionPage;
    const second = (await list(payer, `?role=buyer&limit=2&cursor=${first.nextCursor}`)).body as TransactionPage;
    const third = (await list(payer, `?role=buyer&limit=2&cursor=${second.nextCursor}`)).body as TransactionPage;
    expect([...first.items, ...second.items, ...third.items].map((t) => t.amount)).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);
    expect(third.nextCursor).toBeNull();
  });

  it("never shows other members' transactions", async () => {
    const page = (await list(candidate)).body as TransactionPage;
    expect(page.items.every((t) => t.buyerId === candidate || t.sellerId === candidate)).toBe(true);
    expect(page.items.some((t) => t.buyerId === payer)).toBe(false);
  });

  it('answers 401 without a member and 400 naming a bad query field', async () => {
    expect((await list(null)).status).toBe(401);
    for (const [query, field] of [
      ['?limit=0', 'querystring.limit'],
      ['?limit=101', 'querystring.limit'],
      ['?role=admin', 'querystring.role'],
      ['?cursor=bogus', 'querystring.cursor'],
    ] as const) {
      const res = await list(payer, query);
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).message).toContain(field);
    }
  });
});
