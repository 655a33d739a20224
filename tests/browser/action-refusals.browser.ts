import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProfileInput } from '@freemarket/contracts';
import { toastSays } from './checkout-steps.js';
import { callApi, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

const SF = { latitude: 37.7793, longitude: -122.4193 };
const ada = { email: 'ada.refusals@example.com', firstName: 'Ada', lastName: 'Referrer' };
const bo = { email: 'bo.refusals@example.com', firstName: 'Bo', lastName: 'Plumber' };
const cy = { email: 'cy.refusals@example.com', firstName: 'Cy', lastName: 'Candidate' };

let bs: BrowserStack;
let adaIn: SignedInMember;
let boIn: SignedInMember;
let cyIn: SignedInMember;


/** The Log Transaction dialog's type choices, opened from the profile page of `userId`. */
async function loggableTypesOnProfile(page: Page, userId: string, name: string): Promise<string[]> {
  await page.goto(`/profile/${userId}`);
  await page.getByRole('heading', { name: `${name}'s Profile` }).waitFor();
  await page.getByRole('button', { name: 'Log Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Transaction' });
  const types = await dialog.getByLabel('Type').locator('option').allTextContents();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  return types;
}

/** The Log Transaction dialog's type choices, opened from the map's profile dialog of `name`. */
async function loggableTypesOnMap(page: Page, name: string): Promise<string[]> {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search' }).fill(name.split(' ')[0] ?? name);
  await page.getByTestId('profile-card').filter({ hasText: name }).getByRole('button', { name, exact: true }).click();
  const profile = page.getByRole('dialog', { name });
  await profile.getByRole('button', { name: 'Log Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Transaction' });
  const types = await dialog.getByLabel('Type').locator('option').allTextContents();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  return types;
}

beforeAll(async () => {
  bs = await startBrowserStack();
  [adaIn, boIn, cyIn] = await Promise.all([signedInMember(bs, ada, { geolocation: SF }), signedInMember(bs, bo, { geolocation: SF }), signedInMember(bs, cy, { geolocation: SF })]);
  const own: ProfileInput = { title: 'Neighbour' };
  const plumber: ProfileInput = { title: 'Plumber', latitude: SF.latitude, longitude: SF.longitude, isServiceProvider: true };
  const candidate: ProfileInput = { title: 'City Council Candidate', latitude: SF.latitude + 0.001, longitude: SF.longitude, isPoliticalCandidate: true };
  expect((await callApi(adaIn.page, 'POST', '/api/profiles', own)).status).toBe(201);
  expect((await callApi(boIn.page, 'POST', '/api/profiles', plumber)).status).toBe(201);
  expect((await callApi(cyIn.page, 'POST', '/api/profiles', candidate)).status).toBe(201);
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

describe('Log Transaction', () => {
  it('offers Donation only to a political candidate, from the profile page and from the map', async () => {
    const page = adaIn.page;
    expect(await loggableTypesOnProfile(page, boIn.id, 'Bo Plumber')).toEqual(['Purchase', 'Transfer']);
    expect(await loggableTypesOnProfile(page, cyIn.id, 'Cy Candidate')).toEqual(['Purchase', 'Donation', 'Transfer']);
    expect(await loggableTypesOnMap(page, 'Bo Plumber')).toEqual(['Purchase', 'Transfer']);
    expect(await loggableTypesOnMap(page, 'Cy Candidate')).toEqual(['Purchase', 'Donation', 'Transfer']);
  });

  it('says an amount must be above zero, or at most what can be recorded', async () => {
    const page = adaIn.page;
    await page.goto(`/profile/${boIn.id}`);
    await page.getByRole('button', { name: 'Log Transaction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Transaction' });
    const amount = dialog.getByLabel('Amount');
    await dialog.getByLabel('Payment method').selectOption('cash');

    await amount.fill('-5');
    await dialog.getByRole('button', { name: 'Record Transaction' }).click();
    await dialog.getByText('Must be above zero', { exact: true }).waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');

    await amount.fill('99999999999');
    await dialog.getByText('Must be at most $99,999,999.99', { exact: true }).waitFor();

    await amount.fill('12.345');
    await dialog.getByText('Use at most two digits after the dot, like 12.50', { exact: true }).waitFor();

    await amount.fill('12.34');
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await callApi<{ items: unknown[] }>(page, 'GET', '/api/transactions?role=buyer')).body.items).toEqual([]);
  });
});
