import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, RewardBalance, RewardTransactionPage, Transaction, TransactionPage } from '@freemarket/contracts';
import { BrowserSession, createTestDatabase, freePort, runTag, signInWithDevProvider, testBusNames, testInfra, waitFor, type TestDatabase } from '@freemarket/testing';
import { startStack, type Stack } from '../../../scripts/stack.js';

const infra = testInfra();
let db: TestDatabase;
let stack: Stack;

beforeAll(async () => {
  db = await createTestDatabase(infra);
  const tag = runTag();
  stack = await startStack({
    port: await freePort(),
    databaseUrl: () => db.url,
    natsUrl: infra.natsUrl,
    redisUrl: infra.redisUrl,
    bus: testBusNames(tag),
    redisKeyPrefix: `fm:test:${tag}:`,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

async function signedIn(email: string, firstName: string): Promise<{ browser: BrowserSession; me: CurrentUser }> {
  const browser = new BrowserSession(stack.url);
  await signInWithDevProvider(browser, { email, firstName, lastName: 'Tester' });
  const { body: me } = await browser.json<CurrentUser>('/api/auth/user');
  return { browser, me };
}

/** A state-changing call as the web client makes it: JSON, from the site's own origin. */
function send<T>(browser: BrowserSession, method: string, path: string, body: unknown): Promise<{ status: number; body: T }> {
  return browser.json<T>(path, { method, headers: { origin: stack.url, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('rewards and logged payments through the whole platform', () => {
  it('credits a review written in the directory, and never a logged payment; donations reach only a candidate', async () => {
    const ada = await signedIn('ada.rewards@example.com', 'Ada');
    const bob = await signedIn('bob.rewards@example.com', 'Bob');
    expect((await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance).toBe(0);
    const profile = await send<{ id: string }>(bob.browser, 'POST', '/api/profiles', { title: 'Plumber', isPoliticalCandidate: false });
    expect(profile.status).toBe(201);

    const review = await waitFor('the directory to know Bob', async () => {
      const res = await send(ada.browser, 'POST', '/api/reviews', { revieweeId: bob.me.id, rating: 5, comment: 'Fixed my sink in an hour.' });
      return res.status === 201 ? res : null;
    });
    expect(review.status).toBe(201);
    await waitFor('the review credited', async () => (await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 10);
    const activity = await ada.browser.json<RewardTransactionPage>('/api/rewards/transactions');
    expect(activity.body.items).toEqual([expect.objectContaining({ action: 'review', amount: 10, credited: true, relatedId: bob.me.id })]);

    const logged = await waitFor('commerce to know Bob', async () => {
      const res = await send<Transaction>(ada.browser, 'POST', '/api/transactions/manual', { amount: '40.00', sellerId: bob.me.id, type: 'purchase', paymentMethod: 'cash' });
      return res.status === 201 ? res : null;
    });
    expect(logged.body).toMatchObject({ source: 'manual', status: 'recorded', amount: '40.00', seller: { firstName: 'Bob' } });
    const donation = { amount: '25.00', sellerId: bob.me.id, type: 'donation', paymentMethod: 'check' };
    expect((await send(ada.browser, 'POST', '/api/transactions/manual', donation)).status).toBe(403);

    const running = await send(bob.browser, 'PUT', `/api/profiles/${profile.body.id}`, { title: 'Candidate for council', isPoliticalCandidate: true });
    expect(running.status).toBe(200);
    await waitFor('commerce to learn that Bob runs for office', async () => (await send(ada.browser, 'POST', '/api/transactions/manual', donation)).status === 201);

    const bobs = await bob.browser.json<TransactionPage>('/api/transactions?role=seller');
    expect(bobs.body.items.map((t) => [t.type, t.amount, t.buyer?.firstName])).toEqual([
      ['donation', '25.00', 'Ada'],
      ['purchase', '40.00', 'Ada'],
    ]);
    // Logged payments verify nothing, so they earn nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect((await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance).toBe(10);
  });

  it('answers 401 Unauthorized through the gateway without a session', async () => {
    const anonymous = new BrowserSession(stack.url);
    expect(await anonymous.json('/api/rewards/balance')).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect((await anonymous.json('/api/transactions')).status).toBe(401);
  });
});
