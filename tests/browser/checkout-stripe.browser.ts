import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Item, PaymentsConfig } from '@freemarket/contracts';
import { startFakeStripe, type FakeIntent, type FakeStripe } from '@freemarket/testing/fake-stripe';
import { deliverWebhook, intentEvent, refundEvent } from '@freemarket/testing/stripe-webhooks';
import { seriousViolations } from './accessibility.js';
import { checkoutHref, reachPaymentForm, toastSays } from './checkout-steps.js';
import { routeStripe, type StripeInPage } from './fake-stripe-js.js';
import { callApi, screenshot, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

const WEBHOOK_SECRET = 'whsec_browser_checkout';
const PUBLISHABLE_KEY = 'pk_test_browser_checkout';
const ENDED = 'This payment has ended; start a new one';

describe('checkout with Stripe’s Payment Element', () => {
  let stripe: FakeStripe;
  let bs: BrowserStack;
  let sam: SignedInMember;
  let bea: SignedInMember;
  let stripeInPage: StripeInPage;
  const policyViolations: string[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    bs = await startBrowserStack({ stripe: { apiUrl: stripe.url, secretKey: 'sk_test_browser_checkout', publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET } });
    sam = await signedInMember(bs, { email: 'sam.stripe@example.com', firstName: 'Sam', lastName: 'Seller' });
    bea = await signedInMember(bs, { email: 'bea.stripe@example.com', firstName: 'Bea', lastName: 'Buyer' });
    stripeInPage = await routeStripe(bea.context, stripe);
    // The gateway's page policy must let Stripe.js load and call Stripe's API, as production needs.
    bea.page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) policyViolations.push(message.text());
    });
  });
  afterAll(async () => {
    await bs?.stop();
    await stripe?.close();
  });

  /** Sam lists an item; Bea opens its Buy Now link and waits until Stripe's form can take her card. */
  async function openBuyNow(title: string, price: string): Promise<{ item: Item; intent: FakeIntent; pay: Locator }> {
    const created = await callApi<Item>(sam.page, 'POST', '/api/items-for-sale', { title, price });
    expect(created.status).toBe(201);
    const page = bea.page;
    await page.goto(checkoutHref({ sellerId: sam.id, itemId: created.body.id, amount: price, type: 'purchase', description: title }));
    await reachPaymentForm(page);
    await page.getByTestId('fake-payment-element').waitFor();
    const pay = page.getByRole('button', { name: `Pay $${price}` });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    // A refused checkout makes no intent: the one for this item is the form's.
    const intents = stripe.intents.filter((i) => i.description === title);
    expect(intents.map((i) => i.status)).toEqual(['requires_payment_method']);
    return { item: created.body, intent: intents[0]!, pay };
  }

  /** Stripe's `payment_intent.succeeded`, signed and delivered through the gateway as Stripe delivers it. */
  async function stripeSettles(intent: FakeIntent): Promise<void> {
    expect((await deliverWebhook(bs.stack.url, intentEvent('payment_intent.succeeded', intent.id), WEBHOOK_SECRET)).status).toBe(200);
  }

  it('buys an item with the Stripe form: Stripe takes the card, its webhook settles the payment, and /payment-success shows it', async () => {
    const page = bea.page;
    const config = await callApi<PaymentsConfig>(page, 'GET', '/api/payments/config');
    expect(config.body).toEqual({ provider: 'stripe', publishableKey: PUBLISHABLE_KEY });
    const { item, intent, pay } = await openBuyNow('Hand-thrown mug', '25.50');
    expect(intent.amount).toBe(2550);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-stripe');
    await pay.click();

    await page.waitForURL((url) => url.pathname === '/payment-success');
    const landed = new URL(page.url()).searchParams;
    expect(landed.get('transaction')).toBe(intent.metadata.transactionId);
    expect([landed.get('payment_intent'), landed.get('redirect_status')]).toEqual([intent.id, 'succeeded']);
    expect(intent.status).toBe('succeeded');
    // Only Stripe's webhook settles a payment: until it comes, the page waits.
    await page.getByText('Confirming your payment...').waitFor();
    await stripeSettles(intent);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await toastSays(page, 'Payment Successful', 'Thank you for your purchase!');
    expect(await page.getByTestId('payment-summary').innerText()).toBe('Purchase of $25.50 to Sam Seller · Hand-thrown mug');
    const items = await callApi<{ items: Item[] }>(sam.page, 'GET', `/api/items-for-sale/${sam.id}`);
    expect(items.body.items.find((i) => i.id === item.id)?.status).toBe('sold');
    expect(policyViolations).toEqual([]);
  });

  it('says the payment ended when the seller repriced the item while the Stripe form was open, and Start Again gives the new price', async () => {
    const page = bea.page;
    const { item, intent, pay } = await openBuyNow('Walnut stool', '80.00');
    expect((await callApi(sam.page, 'PUT', `/api/items-for-sale/${item.id}`, { title: 'Walnut stool', price: '95.00' })).status).toBe(200);
    // Stripe holds the intent canceled; the page learns it only from Stripe's answer to Pay.
    expect(intent.status).toBe('canceled');
    await pay.click();

    const error = page.getByTestId('payment-error');
    await error.getByText(ENDED, { exact: true }).waitFor();
    expect(await error.getByRole('alert').innerText()).toBe(ENDED);
    expect(await pay.count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await error.getByRole('button', { name: 'Start Again' }).click();
    await error.getByText('The price of this item is $95.00', { exact: true }).waitFor();
  });

  it('lands on the payment’s page when Stripe took the card but its answer was lost, once the member pays again', async () => {
    const page = bea.page;
    const { intent, pay } = await openBuyNow('Linen apron', '30.00');
    stripeInPage.loseNextAnswer();
    await pay.click();
    await toastSays(page, 'Payment Failed', 'An error occurred with our connection to Stripe.');
    expect(intent.status).toBe('succeeded');
    expect(new URL(page.url()).pathname).toBe('/checkout');

    // Stripe refuses a second confirm of a paid intent, naming its state: the page goes where its first answer would have.
    await pay.click();
    await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('transaction') === intent.metadata.transactionId);
    await stripeSettles(intent);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await page.getByTestId('payment-summary').innerText()).toBe('Purchase of $30.00 to Sam Seller · Linen apron');
  });

  it('says the payment is already being taken when the member goes Back after paying, before Stripe’s webhook, and leads to the history', async () => {
    const page = bea.page;
    const { intent, pay } = await openBuyNow('Walnut spoon', '18.00');
    await pay.click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await page.goBack();
    const error = page.getByTestId('payment-error');
    await error.getByText('This payment is already being processed; see your transaction history', { exact: false }).waitFor();
    expect(stripe.intents.filter((i) => i.description === 'Walnut spoon')).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
    await error.getByRole('link', { name: 'View transaction history' }).click();
    await page.waitForURL((url) => url.pathname === '/transactions');
    await stripeSettles(intent);
  });

  it('refunds a second payment taken for an item already sold, and says why on its page and in the history', async () => {
    const title = 'Cedar birdhouse';
    const first = await openBuyNow(title, '22.00');
    await first.pay.click();
    await bea.page.waitForURL((url) => url.pathname === '/payment-success');

    // A second tab, whose question to Stripe about the first payment goes unanswered, so it gets a
    // payment of its own, paid before Stripe's webhook for the first came: both are taken.
    const tab = await bea.context.newPage();
    stripe.failNextRetrieve();
    try {
      await tab.goto(checkoutHref({ sellerId: sam.id, itemId: first.item.id, amount: '22.00', type: 'purchase', description: title }));
      await reachPaymentForm(tab);
      await tab.getByTestId('fake-payment-element').waitFor();
      const second = stripe.intents.filter((i) => i.description === title).at(-1)!;
      expect(second.id).not.toBe(first.intent.id);
      const pay = tab.getByRole('button', { name: 'Pay $22.00' });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await pay.click();
      await tab.waitForURL((url) => url.pathname === '/payment-success');
      await stripeSettles(first.intent);
      await stripeSettles(second);
      expect(stripe.refunds.filter((r) => r.payment_intent === second.id).map((r) => r.amount)).toEqual([2200]);

      const why = 'You had already paid for this item in another payment';
      await tab.getByRole('heading', { name: 'Payment Being Refunded' }).waitFor();
      await tab.getByText(`${why}, so this payment is being refunded in full.`, { exact: false }).waitFor();
      expect(await seriousViolations(tab)).toEqual([]);
      // Stripe reports the refund: the page, read again, says it is done.
      expect((await deliverWebhook(bs.stack.url, refundEvent(second.id, 2200, 2200), WEBHOOK_SECRET)).status).toBe(200);
      await tab.reload();
      await tab.getByRole('heading', { name: 'Payment Refunded' }).waitFor();
      await tab.getByText(`${why}, so this payment has been refunded in full.`, { exact: false }).waitFor();
      await tab.goto('/transactions');
      await tab.getByText(`${why}: refunded in full.`, { exact: true }).waitFor();
    } finally {
      await tab.close();
    }
  });
});
