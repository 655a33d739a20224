import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProfileInput } from '@freemarket/contracts';
import { callApi, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

const ada = { email: 'ada.refusals@example.com', firstName: 'Ada', lastName: 'Referrer' };

let bs: BrowserStack;
let adaIn: SignedInMember;

/** The toast region, readable while a dialog hides it from the accessibility tree. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/, includeHidden: true });

/** Waits for a toast with this title and these lines, each its own text. */
async function toastSays(page: Page, title: string, ...lines: string[]): Promise<void> {
  await toasts(page).getByText(title, { exact: true }).first().waitFor();
  for (const line of lines) await toasts(page).getByText(line, { exact: true }).first().waitFor();
}

beforeAll(async () => {
  bs = await startBrowserStack();
  adaIn = await signedInMember(bs, ada);
  const own: ProfileInput = { title: 'Neighbour' };
  expect((await callApi(adaIn.page, 'POST', '/api/profiles', own)).status).toBe(201);
});
afterAll(async () => {
  await bs?.stop();
});

describe('what a member is told when an action is refused', () => {
  it('gives the server’s reason under ‘Failed to submit referral’ for a business already referred', async () => {
    const page = adaIn.page;
    await page.goto('/profile');
    const referral = page.getByTestId('business-referral');
    const name = referral.getByLabel('Business name (required)');
    await name.fill('Corner Hardware');
    await referral.getByRole('button', { name: 'Submit Referral' }).click();
    await toastSays(page, 'Referral submitted!');
    await expect.poll(() => name.inputValue()).toBe('');

    await name.fill('Corner Hardware');
    await referral.getByRole('button', { name: 'Submit Referral' }).click();
    await toastSays(page, 'Error', 'Failed to submit referral', 'You already referred this business.');
    // The form keeps what was typed, to be put right.
    expect(await name.inputValue()).toBe('Corner Hardware');
  });

  it('names the refused field under ‘Failed to record business expense’', async () => {
    const page = adaIn.page;
    await page.goto('/profile');
    await page.getByTestId('business-expenses').getByRole('button', { name: 'Add business expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Business Expense' });
    await dialog.getByLabel('Amount').fill('12.00');
    await dialog.getByLabel('Date').fill('1800-01-01');
    await dialog.getByLabel('Line item').fill('Brass hinges');
    await dialog.getByLabel('Vendor').fill('Corner Hardware');
    await dialog.getByRole('button', { name: 'Record Expense' }).click();
    await toastSays(page, 'Error', 'Failed to record business expense', 'Expense date must be 1900-01-01 or later.');
    expect(await dialog.isVisible()).toBe(true);
    expect((await callApi<{ items: unknown[] }>(page, 'GET', '/api/expenses?type=business')).body.items).toEqual([]);
  });
});
