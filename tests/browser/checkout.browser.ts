import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { CurrentUser, Item, ProfileInput, RewardBalance, TransactionPage } from '@freemarket/contracts';
import { seriousViolations } from './accessibility.js';
import { checkoutHref, reachPaymentForm, toastSays } from './checkout-steps.js';
import { callApi, newContext, screenshot, signIn, startBrowserStack, type BrowserStack } from './harness.js';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const sam = { email: 'sam.checkout@example.com', firstName: 'Sam', lastName: 'Seller' };
const bea = { email: 'bea.checkout@example.com', firstName: 'Bea', lastName: 'Buyer' };

interface SignedIn {
  context: BrowserContext;
  page: Page;
  id: string;
}

async function member(bs: BrowserStack, identity: typeof sam): Promise<SignedIn> {
  const context = await newContext(bs, { geolocation: SF });
  const page = await context.newPage();
  await signIn(page, identity);
  const me = await callApi<CurrentUser>(page, 'GET', '/api/auth/user');
  return { context, page, id: me.body.id };
}

async function fillCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
}

async function searchAndOpen(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search' }).fill(name.split(' ')[0]!);
  await page.getByTestId('profile-card').filter({ hasText: name }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('dialog', { name }).waitFor();
}

describe('checkout with local mode’s development provider', () => {
  let bs: BrowserStack;
  let s: SignedIn;
  let b: SignedIn;

  beforeAll(async () => {
    bs = await startBrowserStack();
    s = await member(bs, sam);
    b = await member(bs, bea);
    const profile: ProfileInput = {
      title: 'Candidate for City Council',
      bio: 'Potter, neighbour, and running for council.',
      address: '1 Market St, San Francisco',
      latitude: 37.7793,
      longitude: -122.4193,
      isPoliticalCandidate: true,
    };
    expect((await callApi(s.page, 'POST', '/api/profiles', profile)).status).toBe(201);
  });
  afterAll(async () => {
    await bs?.stop();
  });

  it('shows the missing-information error when the link names no seller', async () => {
    const page = b.page;
    await page.goto('/checkout?amount=5.00&type=transfer');
    await page.getByRole('heading', { name: 'Payment Error' }).waitFor();
    expect(await page.getByTestId('payment-error').getByRole('alert').innerText()).toBe('Missing payment information. Please try again.');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('buys an item with Buy Now through the development card form, lands on /payment-success, goes home, and earns a point per whole dollar', async () => {
    const created = await callApi<Item>(s.page, 'POST', '/api/items-for-sale', { title: 'Hand-thrown mug', price: '25.50' });
    expect(created.status).toBe(201);
    const item = created.body;
    const page = b.page;
    const buyNow = checkoutHref({ sellerId: s.id, itemId: item.id, amount: '25.50', type: 'purchase', description: 'Hand-thrown mug' });
    await page.goto(buyNow);
    await reachPaymentForm(page);
    expect(await page.getByText('Hand-thrown mug').isVisible()).toBe(true);
    expect(await page.getByTestId('checkout-amount').innerText()).toBe('$25.50');
    // The price is the item's, not the member's to change.
    expect(await page.getByRole('button', { name: 'Change amount' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Development payments, no real money' }).waitFor();
    const pay = page.getByRole('button', { name: 'Pay $25.50' });

    // Nothing typed yet: each field says what it needs, and the focus goes to the first.
    await pay.click();
    await page.getByText('Enter a card number of 12 to 19 digits.').waitFor();
    expect(await page.getByText('Enter the expiry date as MM/YY.').isVisible()).toBe(true);
    expect(await page.getByText('Enter the 3 or 4 digit security code.').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-number');
    expect(await seriousViolations(page)).toEqual([]);
    await fillCard(page);
    await screenshot(page, 'checkout-development');
    const before = (await callApi<RewardBalance>(page, 'GET', '/api/rewards/balance')).body.balance;
    await page.getByTestId('rewards-balance').filter({ hasText: new RegExp(`^\\D*${before}$`) }).waitFor();
    await pay.click();

    await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.has('transaction'));
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await toastSays(page, 'Payment Successful', 'Thank you for your purchase!');
    // The header's balance rises by the purchase's points without a reload.
    await page.getByTestId('rewards-balance').filter({ hasText: new RegExp(`^\\D*${before + 25}$`) }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('payment-summary').innerText()).toBe('Purchase of $25.50 to Sam Seller · Hand-thrown mug');
    expect(await page.getByRole('link', { name: 'View transaction history' }).getAttribute('href')).toBe('/transactions');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'payment-success');
    // Spec 02 §2: success goes home, after a pause to read the page.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

    // $25.50 earns 25 points, through payment.succeeded and the rewards service.
    await page.goto('/rewards');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('rewards-page-balance').innerText();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/^25 points/);

    // The item is sold: Buy Now again (Back, a tab left open) says it is hers, and starts no payment.
    const items = await callApi<{ items: Item[] }>(s.page, 'GET', `/api/items-for-sale/${s.id}`);
    expect(items.body.items.find((i) => i.id === item.id)?.status).toBe('sold');
    await page.goto(buyNow);
    const already = page.getByTestId('already-bought');
    await already.getByRole('heading', { name: 'Already Bought' }).waitFor();
    expect(await already.getByText(/^You bought Hand-thrown mug for \$25\.50 (just now|1 minute ago)\.$/).isVisible()).toBe(true);
    expect(await already.getByRole('link', { name: 'View transaction history' }).getAttribute('href')).toBe('/transactions');
    expect(await already.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByTestId('payment-error').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    const pending = await callApi<{ items: unknown[] }>(page, 'GET', `/api/transactions?role=buyer&status=pending&itemId=${item.id}`);
    expect(pending.body.items).toEqual([]);
  });

  it('donates to a candidate from the profile dialog’s Donate link, the member entering the amount', async () => {
    const page = b.page;
    await searchAndOpen(page, 'Sam Seller');
    await page.getByRole('dialog', { name: 'Sam Seller' }).getByRole('link', { name: 'Donate' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ amount: '', sellerId: s.id, type: 'donation', description: 'Campaign donation for Sam Seller' });
    await page.getByRole('heading', { name: 'Make a Donation' }).waitFor();
    expect(await page.getByText('Campaign donation for Sam Seller').isVisible()).toBe(true);

    const amount = page.getByRole('textbox', { name: 'How much would you like to donate?' });
    // Each problem in the words of every money field, within what one card payment can be.
    for (const [typed, problem] of [
      ['12.345', 'Use at most two digits after the dot, like 12.50'],
      ['0', 'Must be above zero'],
      ['0.25', 'Must be at least $0.50, the smallest card payment'],
      ['20000', 'Must be at most $10,000.00'],
    ]) {
      await amount.fill(typed!);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText(problem!, { exact: true }).waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).searchParams.get('amount')).toBe('');
    }
    expect(await seriousViolations(page)).toEqual([]);

    // The candidate flag reaches commerce through an event: the intent is refused until it has.
    await reachPaymentForm(page, { question: 'How much would you like to donate?', amount: '12.50' });
    expect(await page.getByTestId('checkout-amount').innerText()).toBe('$12.50');
    // An amount entered here can be changed: back to the question, as the browser's Back does.
    await page.getByRole('button', { name: 'Change amount' }).click();
    await reachPaymentForm(page, { question: 'How much would you like to donate?', amount: '12.34' });
    expect(new URL(page.url()).searchParams.get('amount')).toBe('12.34');
    await page.goBack();
    await amount.waitFor();
    await page.goForward();
    await reachPaymentForm(page);
    await fillCard(page);
    await page.getByRole('button', { name: 'Donate $12.34' }).click();
    await page.waitForURL((u) => u.pathname === '/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await toastSays(page, 'Payment Successful', 'Thank you for your donation!');
    expect(await page.getByTestId('payment-summary').innerText()).toBe('Donation of $12.34 to Sam Seller · Campaign donation for Sam Seller');
  });

  it('sends money from the profile dialog’s Send Money link', async () => {
    const page = b.page;
    await searchAndOpen(page, 'Sam Seller');
    await page.getByRole('dialog', { name: 'Sam Seller' }).getByRole('link', { name: 'Send Money' }).click();
    await page.getByRole('heading', { name: 'Send Money' }).waitFor();
    await reachPaymentForm(page, { question: 'How much would you like to send?', amount: '5' });
    await fillCard(page);
    // The expiry typed as four digits, without the slash.
    await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('1234');
    await page.getByRole('button', { name: 'Send $5.00' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await toastSays(page, 'Payment Successful', 'Money sent successfully!');

    // The link shared with Sam shows him what reached him, not the payer's success.
    await s.page.goto(page.url());
    await s.page.getByRole('heading', { name: 'Payment to You' }).waitFor();
    expect(await s.page.getByTestId('payment-summary').innerText()).toMatch(/^Transfer of \$5\.00 from /);
    await s.page.getByText('It went through.', { exact: true }).waitFor();
    expect(await s.page.getByRole('heading', { name: 'Payment Successful' }).count()).toBe(0);
  });

  it('asks before sending the same amount to the same member again, as when going Back after paying', async () => {
    const page = b.page;
    await page.goto(checkoutHref({ sellerId: s.id, type: 'transfer', amount: '9', description: 'Money transfer to Sam Seller' }));
    await reachPaymentForm(page);
    await fillCard(page);
    await page.getByRole('button', { name: 'Send $9.00' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    await page.goBack();
    await page.getByRole('heading', { name: 'Paid Recently' }).waitFor();
    const asked = page.getByTestId('paid-recently');
    expect(await asked.innerText()).toContain('You sent $9.00 to Sam Seller just now.');
    expect(await seriousViolations(page)).toEqual([]);
    // Coming back started no payment.
    const pending = await callApi<TransactionPage>(page, 'GET', '/api/transactions?status=pending&type=transfer');
    expect(pending.body.items.filter((t) => t.amount === '9.00')).toEqual([]);

    await asked.getByRole('button', { name: 'Send $9.00 again' }).click();
    await reachPaymentForm(page);
    await fillCard(page);
    await page.getByRole('button', { name: 'Send $9.00' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const sent = await callApi<TransactionPage>(page, 'GET', '/api/transactions?status=succeeded&type=transfer');
    expect(sent.body.items.filter((t) => t.amount === '9.00')).toHaveLength(2);
  });

  it('keeps the form open after a declined card, shows the failed payment with a retry link, and pays on the retry', async () => {
    const page = b.page;
    await page.goto(checkoutHref({ sellerId: s.id, type: 'transfer', amount: '7', description: 'Money transfer to Sam Seller' }));
    await reachPaymentForm(page);
    const send = page.getByRole('button', { name: 'Send $7.00' });
    await fillCard(page);
    await page.getByRole('checkbox', { name: 'Simulate a declined card' }).check();
    await send.click();
    await toastSays(page, 'Payment Failed', 'Your card was declined.');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await send.waitFor();

    const failed = await callApi<TransactionPage>(page, 'GET', '/api/transactions?status=failed');
    expect(failed.body.items.map((t) => [t.amount, t.type])).toEqual([['7.00', 'transfer']]);
    await page.goto(`/payment-success?transaction=${failed.body.items[0]!.id}`);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    expect(await page.getByText('The payment did not go through, and no money was taken.').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Try again' }).click();

    await reachPaymentForm(page);
    // Stripe's declining test card is declined here too; another card then goes through.
    await fillCard(page, '4000 0000 0000 0002');
    await send.click();
    await toastSays(page, 'Payment Failed', 'Your card was declined.');
    await fillCard(page);
    await send.click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await toastSays(page, 'Payment Successful', 'Money sent successfully!');
    // Try again opened the declined checkout again: one payment, paid, where the decline was.
    const paid = new URL(page.url()).searchParams.get('transaction');
    expect(paid).toBe(failed.body.items[0]!.id);
    expect((await callApi<TransactionPage>(page, 'GET', '/api/transactions?status=failed')).body.items).toEqual([]);
  });

  it('says the payment ended when the seller changed the price meanwhile, and Start Again gives the reason', async () => {
    const created = await callApi<Item>(s.page, 'POST', '/api/items-for-sale', { title: 'Walnut stool', price: '40.00' });
    expect(created.status).toBe(201);
    const page = b.page;
    await page.goto(checkoutHref({ sellerId: s.id, type: 'purchase', amount: '40.00', itemId: created.body.id, description: 'Walnut stool' }));
    await reachPaymentForm(page);
    expect((await callApi(s.page, 'PUT', `/api/items-for-sale/${created.body.id}`, { title: 'Walnut stool', price: '55.00' })).status).toBe(200);
    await fillCard(page);
    await page.getByRole('button', { name: 'Pay $40.00' }).click();
    const error = page.getByTestId('payment-error');
    await error.getByText('This payment has ended; start a new one', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Pay $40.00' }).count()).toBe(0);
    await error.getByRole('button', { name: 'Start Again' }).click();
    await error.getByText('The price of this item is $55.00', { exact: true }).waitFor();
    // A refusal waiting will not cure is told as it is, not as 'try again later'.
    await toastSays(page, 'Payment Setup Error', 'The price of this item is $55.00');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists the history from the header menu with its filters, for the buyer and the seller', async () => {
    const page = b.page;
    await page.goto('/feed');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Transactions' }).click();
    await page.waitForURL((url) => url.pathname === '/transactions');
    await page.getByRole('heading', { name: 'Transaction History' }).waitFor();

    const rows = page.getByTestId('transaction-row');
    const purchase = rows.filter({ hasText: 'Hand-thrown mug' });
    await purchase.waitFor();
    const text = await purchase.innerText();
    for (const part of ['To Sam Seller', 'Purchase', 'Development payment (no real money)', 'Succeeded', '$25.50']) expect(text).toContain(part);
    expect(await purchase.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'transactions-desktop');

    // Checkouts never paid and ended (the $12.50 donation replaced by the $12.34 one, the stool
    // repriced while its form was open) show only when asked for.
    expect(await rows.filter({ hasText: 'Walnut stool' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('canceled');
    await page.getByText('No transactions match these filters.').or(rows.first()).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    for (const [row, amount] of [
      [rows.filter({ hasText: 'Walnut stool' }), '$40.00'],
      [rows.filter({ hasText: 'Campaign donation for Sam Seller' }), '$12.50'],
    ] as const) {
      const shown = await row.innerText();
      expect(shown).toContain('Canceled');
      expect(shown).toContain(amount);
      // No money moved: the amount is shown plain, not as paid.
      expect(shown).not.toContain('−');
      expect(shown).toContain('Not paid');
    }
    expect(new URL(page.url()).searchParams.get('status')).toBe('canceled');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('donation');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('$12.34');
    await page.getByRole('combobox', { name: 'Role' }).selectOption('seller');
    await page.getByText('No transactions match these filters.').waitFor();

    // The seller sees the same payments as received.
    await s.page.goto('/transactions?role=seller&type=purchase');
    const sale = s.page.getByTestId('transaction-row').filter({ hasText: 'Hand-thrown mug' });
    await sale.waitFor();
    expect(await sale.innerText()).toContain('From Bea Buyer');
    expect(await sale.innerText()).toContain('+$25.50');

    // Below 1680 px the link is in the menu; from there the menu's extras join the header's row, which
    // still fits beside the name button of a member with a profile.
    const header = s.page;
    for (const width of [1536, 1680]) {
      await header.setViewportSize({ width, height: 800 });
      await header.getByTestId('my-profile-link').waitFor();
      const inRow = header.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Transactions' });
      expect(await inRow.isVisible()).toBe(width >= 1680);
      expect(await header.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(width < 1680);
      expect(await header.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await screenshot(header, 'transactions-header-1680');
    await header.setViewportSize({ width: 1280, height: 800 });
  });

  it('keeps one payment in the history however often the checkout is reloaded, and pays that one', async () => {
    const page = b.page;
    const donate = checkoutHref({ sellerId: s.id, type: 'donation', amount: '25.50', description: 'Campaign donation for Sam Seller' });
    await page.goto(donate);
    await reachPaymentForm(page);
    await page.reload();
    await reachPaymentForm(page);
    // Back to the amount question and on again with the same amount, as 'Continue' does.
    await page.goto(donate.replace('amount=25.50', 'amount='));
    await page.getByRole('textbox', { name: 'How much would you like to donate?' }).waitFor();
    await reachPaymentForm(page, { question: 'How much would you like to donate?', amount: '25.50' });

    await page.goto('/transactions?status=pending');
    const rows = page.getByTestId('transaction-row');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    const unpaid = await rows.first().innerText();
    for (const part of ['To Sam Seller', 'Campaign donation for Sam Seller', 'Pending', 'Not paid', '$25.50']) expect(unpaid).toContain(part);

    await page.goBack();
    await reachPaymentForm(page);
    await fillCard(page);
    await page.getByRole('button', { name: 'Donate $25.50' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    await page.goto('/transactions?status=pending');
    await page.getByText('No transactions match these filters.').waitFor();
    await page.goto('/transactions?type=donation');
    const donations = rows.filter({ hasText: '$25.50' });
    await donations.first().waitFor();
    expect(await donations.count()).toBe(1);
    expect(await donations.first().innerText()).toContain('Succeeded');
    // Nor was a payment made and dropped on the way: the canceled ones hold none of $25.50.
    await page.goto('/transactions?status=canceled');
    await page.getByText('No transactions match these filters.').or(rows.first()).waitFor();
    expect(await rows.filter({ hasText: '$25.50' }).count()).toBe(0);
  });

  it('takes a second tab’s card form of an item paid in the first to the payment’s outcome, paying nothing twice', async () => {
    const listed = await callApi<Item>(s.page, 'POST', '/api/items-for-sale', { title: 'Glazed vase', price: '14.00' });
    const buyNow = checkoutHref({ sellerId: s.id, itemId: listed.body.id, amount: '14.00', type: 'purchase', description: 'Glazed vase' });
    const page = b.page;
    const tab = await b.context.newPage();
    try {
      await page.goto(buyNow);
      await reachPaymentForm(page);
      await tab.goto(buyNow);
      await reachPaymentForm(tab);
      await fillCard(page);
      await page.getByRole('button', { name: 'Pay $14.00' }).click();
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();

      await fillCard(tab);
      await tab.getByRole('button', { name: 'Pay $14.00' }).click();
      await tab.getByRole('heading', { name: 'Payment Successful' }).waitFor();
      expect(await tab.getByTestId('payment-summary').innerText()).toBe('Purchase of $14.00 to Sam Seller · Glazed vase');
      expect(await tab.getByText('Payment Failed').count()).toBe(0);
    } finally {
      await tab.close();
    }
    const bought = await callApi<TransactionPage>(page, 'GET', `/api/transactions?role=buyer&itemId=${listed.body.id}`);
    expect(bought.body.items.map((t) => t.status)).toEqual(['succeeded']);
  });
});

describe('checkout with no payment provider', () => {
  let bs: BrowserStack;
  let b: SignedIn;

  beforeAll(async () => {
    bs = await startBrowserStack({ devPayments: false });
    b = await member(bs, bea);
  });
  afterAll(async () => {
    await bs?.stop();
  });

  it('says payment configuration is required', async () => {
    const page = b.page;
    const config = await callApi(page, 'GET', '/api/payments/config');
    expect(config.body).toEqual({ provider: null, publishableKey: null });
    await page.goto(checkoutHref({ sellerId: 'someone', type: 'transfer', amount: '5.00' }));
    await page.getByRole('heading', { name: 'Payment Configuration Required' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-configuration-required');
  });
});
