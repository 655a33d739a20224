import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { CurrentUser, ProfileInput, TransactionPage } from '@freemarket/contracts';
import { callApi, newContext, screenshot, signIn, startBrowserStack, type BrowserStack } from './harness.js';

const SF = { latitude: 37.7749, longitude: -122.4194 };
const ada = { email: 'ada.journey@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const bob = { email: 'bob.journey@example.com', firstName: 'Bob', lastName: 'Builder' };

let bs: BrowserStack;
let a: { context: BrowserContext; page: Page; id: string };
let b: { context: BrowserContext; page: Page; id: string };

async function member(identity: typeof ada): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const context = await newContext(bs, { geolocation: SF });
  const page = await context.newPage();
  await signIn(page, identity);
  const me = await callApi<CurrentUser>(page, 'GET', '/api/auth/user');
  return { context, page, id: me.body.id };
}

/** The profile dialog of Ada, opened from Bob's search results. */
async function openAdasDialog(page: Page): Promise<void> {
  await page.getByTestId('profile-card').filter({ hasText: 'Ada Lovelace' }).getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
  await page.getByRole('dialog', { name: 'Ada Lovelace' }).waitFor();
}

/** Closes a dialog with its own Close button (Escape would first dismiss a toast on screen). */
async function closeDialog(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  bs = await startBrowserStack();
  a = await member(ada);
  b = await member(bob);
  const profile: ProfileInput = {
    title: 'Master Electrician',
    bio: 'Wiring, panels and solar for the neighbourhood.',
    address: '1 Market St, San Francisco',
    latitude: 37.7793,
    longitude: -122.4193,
    isServiceProvider: true,
  };
  const created = await callApi(a.page, 'POST', '/api/profiles', profile);
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await bs?.stop();
});

describe('two members meeting through the map', () => {
  it('lets Bob find Ada in the list and on the map', async () => {
    const page = b.page;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Ada');
    await page.getByTestId('profile-card').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await expect.poll(() => page.getByTestId('results-count').textContent()).toBe('1 result');
    // Her marker: a divIcon titled with her name and title.
    await page.locator('.leaflet-marker-icon[title^="Ada Lovelace"]').waitFor();
    await screenshot(page, 'journey-search-desktop');
  });

  it('lets Bob open Ada’s profile and ask to connect; Ada accepts on the Connections screen', async () => {
    await openAdasDialog(b.page);
    const dialog = b.page.getByRole('dialog', { name: 'Ada Lovelace' });
    expect(await dialog.getByText('Master Electrician').first().isVisible()).toBe(true);
    // The dialog opens on its heading: a screen reader names what opened, and Enter starts nothing.
    expect(await b.page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)).toBe('H2 Ada Lovelace');
    await screenshot(b.page, 'journey-profile-dialog');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await b.page.getByText('Connection request sent!').first().waitFor();
    await dialog.getByRole('button', { name: 'Pending' }).waitFor();

    await a.page.goto('/connections');
    await a.page.getByRole('tab', { name: 'Requests (1)' }).click();
    const row = a.page.getByTestId('connection-row').filter({ hasText: 'Bob Builder' });
    await row.getByRole('button', { name: 'Accept' }).click();
    await a.page.getByRole('tab', { name: 'All (1)' }).click();
    await a.page.getByTestId('connection-row').filter({ hasText: 'Connected' }).waitFor();
    await screenshot(a.page, 'journey-connections');
  });

  it('delivers Bob’s messages to Ada’s open Messages screen without a reload', async () => {
    await a.page.goto('/messages');
    await a.page.getByText('Start a conversation with someone!').waitFor();

    // From the profile dialog: the spec's simple prompt.
    b.page.once('dialog', (prompt) => void prompt.accept('Hello Ada, can you look at my wiring?'));
    const dialog = b.page.getByRole('dialog', { name: 'Ada Lovelace' });
    await dialog.getByRole('button', { name: 'Message', exact: true }).click();
    await b.page.getByText('Your message has been sent successfully!').first().waitFor();

    const conversation = a.page.getByTestId('conversation').filter({ hasText: 'Bob Builder' });
    await conversation.waitFor();
    await conversation.click();
    await a.page.getByTestId('message').filter({ hasText: 'Hello Ada, can you look at my wiring?' }).waitFor();

    // From the Messages screen: Enter sends.
    await closeDialog(b.page, 'Ada Lovelace');
    await b.page.goto(`/messages?with=${encodeURIComponent(a.id)}`);
    const input = b.page.getByRole('textbox', { name: 'Message' });
    await input.fill('Tomorrow at 10 works?');
    await input.press('Enter');
    await b.page.getByTestId('message').filter({ hasText: 'Tomorrow at 10 works?' }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    await a.page.getByTestId('message').filter({ hasText: 'Tomorrow at 10 works?' }).waitFor();
    await screenshot(a.page, 'journey-messages-desktop');
    await a.page.setViewportSize({ width: 360, height: 740 });
    await screenshot(a.page, 'journey-messages-360');
    await a.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows Ada’s new rating after Bob’s review, and Bob’s rewards balance of 10', async () => {
    const page = b.page;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Ada');
    await openAdasDialog(page);
    const dialog = page.getByRole('dialog', { name: 'Ada Lovelace' });
    await dialog.getByRole('button', { name: 'Write Review' }).click();
    await dialog.getByRole('button', { name: '4 stars' }).click();
    expect(await dialog.getByTestId('rating-label').textContent()).toBe('4 stars');
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Quick, tidy and friendly.');
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await page.getByText('Your review has been posted successfully!').first().waitFor();
    await dialog.getByTestId('reviews').getByText('Quick, tidy and friendly.').waitFor();
    await dialog.getByTestId('dialog-rating').filter({ hasText: '4.0' }).waitFor();
    expect(await dialog.getByTestId('dialog-rating').textContent()).toContain('4.0 (1 review)');
    await closeDialog(page, 'Ada Lovelace');

    const card = page.getByTestId('profile-card').filter({ hasText: 'Ada Lovelace' });
    await card.getByTestId('card-rating').filter({ hasText: '4.0' }).waitFor();
    expect(await card.getByTestId('card-rating').textContent()).toContain('4.0 (1 review)');
    await page.locator('.leaflet-marker-icon[title^="Ada Lovelace"]').click();
    await page.locator('.fm-popup').getByText('★ 4.0 (1 review)').waitFor();
    await page.getByTestId('rewards-balance').filter({ hasText: '10' }).waitFor({ timeout: 15_000 });
  });

  it('opens Bob’s review of Ada as his to edit, with his stars and words, and updates it in place', async () => {
    const page = b.page;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Ada');
    await openAdasDialog(page);
    const dialog = page.getByRole('dialog', { name: 'Ada Lovelace' });
    await dialog.getByRole('button', { name: 'Write Review' }).click();
    const form = dialog.getByRole('form', { name: 'Edit your review' });
    await form.waitFor();
    expect(await form.getByTestId('rating-label').textContent()).toBe('4 stars');
    expect(await form.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('Quick, tidy and friendly.');
    expect(await form.getByRole('button', { name: 'Post Review' }).count()).toBe(0);

    await form.getByRole('button', { name: '5 stars' }).click();
    await form.getByRole('textbox', { name: 'Comment' }).fill('Came back the next day to check it all. Excellent.');
    await form.getByRole('button', { name: 'Update Review' }).click();
    const toasts = page.getByRole('region', { name: /Notifications/, includeHidden: true });
    await toasts.getByText('Review updated', { exact: true }).waitFor();
    await toasts.getByText('Your review has been updated successfully!', { exact: true }).waitFor();
    await dialog.getByTestId('reviews').getByText('Came back the next day to check it all. Excellent.').waitFor();
    expect(await dialog.getByTestId('reviews').getByText('Quick, tidy and friendly.').count()).toBe(0);
    await dialog.getByTestId('dialog-rating').filter({ hasText: '5.0' }).waitFor();

    // Opened again, the form holds the review as it now reads.
    await dialog.getByRole('button', { name: 'Write Review' }).click();
    await form.getByTestId('rating-label').filter({ hasText: '5 stars' }).waitFor();
    expect(await form.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('Came back the next day to check it all. Excellent.');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await closeDialog(page, 'Ada Lovelace');
  });

  it('lets Bob log a transaction with Ada', async () => {
    const page = b.page;
    await openAdasDialog(page);
    await page.getByRole('button', { name: 'Log Transaction' }).click();
    const form = page.getByRole('dialog', { name: 'Log Transaction' });
    await form.getByRole('button', { name: 'Record Transaction' }).click();
    await page.getByText('Please fill in amount and payment method').first().waitFor();
    // Typed key by key, as a member does: a comma is refused, not read as a thousands separator.
    const amount = form.getByLabel('Amount');
    await amount.pressSequentially('25,00');
    await form.getByLabel('Payment method').selectOption('cash');
    await form.getByLabel('Description (optional)').fill('Panel inspection');
    await form.getByRole('button', { name: 'Record Transaction' }).click();
    await form.getByText('Leave out commas, and use a dot for cents: 1250.50').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await amount.inputValue()).toBe('25,00');
    await amount.fill('25.00');
    await form.getByRole('button', { name: 'Record Transaction' }).click();
    await page.getByText('Transaction recorded successfully!').first().waitFor();
    await form.waitFor({ state: 'detached' });
    const logged = await callApi<TransactionPage>(page, 'GET', '/api/transactions?role=buyer');
    expect(logged.body.items.find((t) => t.description === 'Panel inspection')?.amount).toBe('25.00');
  });
});
