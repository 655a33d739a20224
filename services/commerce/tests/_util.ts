import { afterAll, beforeAll } from 'vitest';
import { startServiceForTest, seedMembers as seedMembersIn, type Member, type ServiceUnderTest } from '@freemarket/testing';
import { startFakeStripe, type FakeStripe } from '@freemarket/testing/fake-stripe';
import { createCommerceService, loadCommerceConfig } from '../src/index.js';
import { users } from '../src/db/schema/index.js';

export type CommerceUnderTest = ServiceUnderTest<Awaited<ReturnType<typeof createCommerceService>>>;

export function startCommerce(env: Record<string, string> = {}): Promise<CommerceUnderTest> {
  return startServiceForTest({ name: 'commerce', create: createCommerceService, loadConfig: loadCommerceConfig, env });
}

/** Commerce taking cards through a local server that speaks Stripe's API, its webhooks signed with `webhookSecret`. */
export function startCommerceWithStripe(stripeUrl: string, webhookSecret: string, env: Record<string, string> = {}): Promise<CommerceUnderTest> {
  return startCommerce({ STRIPE_SECRET_KEY: 'sk_test_commerce', STRIPE_PUBLISHABLE_KEY: 'pk_test_commerce', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stripeUrl, ...env });
}

export type { Member };

/** Announces members as identity would, and waits until the users projection has them all. */
export function seedMembers(sut: CommerceUnderTest, ...firstNames: string[]): Promise<Member[]> {
  return seedMembersIn(sut, users, ...firstNames);
}

/** Commerce taking cards through a fake Stripe, with three members: Ada and Cara buy from Bob. */
export interface Checkout {
  stripe: FakeStripe;
  sut: CommerceUnderTest;
  ada: Member;
  bob: Member;
  cara: Member;
}

/**
 * Starts a checkout before the file's tests and stops it after them; the returned object is
 * filled in once it has started.
 */
export function useCheckout(webhookSecret: string, env: Record<string, string> = {}): Checkout {
  const checkout = {} as Checkout;
  beforeAll(async () => {
    const stripe = await startFakeStripe();
    const sut = await startCommerceWithStripe(stripe.url, webhookSecret, env);
    const [ada, bob, cara] = (await seedMembers(sut, 'Ada', 'Bob', 'Cara')) as [Member, Member, Member];
    Object.assign(checkout, { stripe, sut, ada, bob, cara });
  });
  afterAll(async () => {
    await checkout.sut?.stop();
    await checkout.stripe?.close();
  });
  return checkout;
}

/** Calls the service as `userId` (or anonymously with null), the way the gateway forwards requests. */
export async function call<T = unknown>(sut: CommerceUnderTest, userId: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = userId ? await sut.as(userId) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sut.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
