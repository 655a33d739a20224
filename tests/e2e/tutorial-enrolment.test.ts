import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, ErrorBody, PaymentIntent, RewardBalance, Skill, SkillCategory, Transaction, Tutorial } from '@freemarket/contracts';
import { BrowserSession, runTag, signInWithDevProvider, waitFor } from '@freemarket/testing';
import { startTestStack, type TestStack } from '@freemarket/testing/stack';

let stack: TestStack;
/** Lets the test deliver what only Stripe's dashboard makes (a refund), signed as Stripe signs. */
const DEV_WEBHOOK_SECRET = 'whsec_e2e_tutorials';
const VIDEO = 'https://videos.example.com/leaky-tap.mp4';

beforeAll(async () => {
  stack = await startTestStack({ devPaymentsWebhookSecret: DEV_WEBHOOK_SECRET });
});
afterAll(async () => {
  await stack?.stop();
});

interface SignedIn {
  browser: BrowserSession;
  me: CurrentUser;
}

async function signedIn(firstName: string): Promise<SignedIn> {
  const browser = new BrowserSession(stack.url);
  await signInWithDevProvider(browser, { email: `${firstName.toLowerCase()}.${runTag()}@example.com`, firstName, lastName: 'Tester' });
  return { browser, me: (await browser.json<CurrentUser>('/api/auth/user')).body };
}

/** A state-changing call as the web client makes it: JSON, from the site's own origin. */
function send<T>(member: SignedIn, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { origin: stack.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  return member.browser.json<T>(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const read = (member: SignedIn, id: string) => member.browser.json<Tutorial>(`/api/diy-content/${id}`);

/** A provider event about a development payment, signed as Stripe signs, delivered through the gateway. */
async function deliverWebhook(id: string, type: string, object: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: DEV_WEBHOOK_SECRET });
  const res = await fetch(`${stack.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  expect(res.status).toBe(200);
}
const intentOf = (payment: Transaction) => `pi_dev_${payment.id.replaceAll('-', '')}`;
const balanceOf = async (member: SignedIn) => (await member.browser.json<RewardBalance>('/api/rewards/balance')).body.balance;

describe('enrolling in a paid tutorial through the whole platform', () => {
  it('unlocks the video once the payment succeeds (one enrolment and one credit however often Stripe says so), and locks it again after a full refund', async () => {
    const ada = await signedIn('Ada');
    const bob = await signedIn('Bob');
    const trades = (await ada.browser.json<SkillCategory[]>('/api/skill-categories')).body.find((c) => c.name === 'Trades')!;
    const skillId = (await ada.browser.json<Skill[]>(`/api/skills/category/${trades.id}`)).body.find((s) => s.name === 'Plumbing')!.id;
    const created = await waitFor('social to file the tutorial', async () => {
      const res = await send<Tutorial>(ada, 'POST', '/api/diy-content', { title: 'Fixing a Leaky Tap', videoUrl: VIDEO, isFree: false, price: '24.50', skillId });
      return res.status === 201 ? res.body : null;
    });
    expect((await read(bob, created.id)).body).toMatchObject({ videoUrl: null, isEnrolled: false });
    expect((await send<ErrorBody>(bob, 'POST', `/api/diy-content/${created.id}/start`)).status).toBe(403);

    const body = { amount: '24.50', sellerId: ada.me.id, tutorialId: created.id, type: 'purchase' };
    const intent = await waitFor('commerce to know the tutorial', async () => {
      const res = await send<PaymentIntent>(bob, 'POST', '/api/create-payment-intent', body);
      return res.status === 200 ? res.body : null;
    });
    expect(await send<ErrorBody>(bob, 'POST', '/api/create-payment-intent', { ...body, amount: '0.50' })).toMatchObject({ status: 409, body: { message: 'The price of this tutorial is $24.50' } });
    expect(await send<ErrorBody>(ada, 'POST', '/api/create-payment-intent', body)).toMatchObject({ status: 403 });

    const paid = await send<Transaction>(bob, 'POST', '/api/payments/dev/confirm', { clientSecret: intent.clientSecret });
    expect(paid.body).toMatchObject({ status: 'succeeded', tutorialId: created.id, amount: '24.50' });
    // Stripe delivering the success again, under the same event id and under another, has no second effect.
    const success = `evt_success_${runTag()}`;
    for (const id of [success, success, `evt_again_${runTag()}`]) await deliverWebhook(id, 'payment_intent.succeeded', { id: intentOf(paid.body), object: 'payment_intent' });
    await waitFor('the enrolment to reach social', async () => (await read(bob, created.id)).body.isEnrolled);
    await waitFor('the purchase credited', async () => (await balanceOf(bob)) === 24);
    expect((await read(bob, created.id)).body).toMatchObject({ videoUrl: VIDEO, isEnrolled: true });
    expect((await send<Tutorial>(bob, 'POST', `/api/diy-content/${created.id}/start`)).body).toMatchObject({ viewCount: 1 });
    expect(await send<ErrorBody>(bob, 'POST', '/api/create-payment-intent', body)).toMatchObject({ status: 409, body: { message: 'You are already enrolled in this tutorial' } });

    await deliverWebhook(`evt_refund_${runTag()}`, 'charge.refunded', { id: `ch_${runTag()}`, object: 'charge', amount: 2450, amount_refunded: 2450, refunded: true, payment_intent: intentOf(paid.body) });
    await waitFor('the refund to reach social', async () => !(await read(bob, created.id)).body.isEnrolled);
    await waitFor('the purchase’s points taken back', async () => (await balanceOf(bob)) === 0);
    expect((await read(bob, created.id)).body).toMatchObject({ videoUrl: null, isEnrolled: false });
    expect((await send<ErrorBody>(bob, 'POST', `/api/diy-content/${created.id}/start`)).status).toBe(403);
  });
});
