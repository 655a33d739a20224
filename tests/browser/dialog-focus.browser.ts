import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ProfileInput } from '@freemarket/contracts';
import { callApi, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

let bs: BrowserStack;
let uma: SignedInMember;
let vic: SignedInMember;

beforeAll(async () => {
  bs = await startBrowserStack();
  uma = await signedInMember(bs, { email: 'uma.keys@example.com', firstName: 'Uma', lastName: 'Keys' });
  vic = await signedInMember(bs, { email: 'vic.keys@example.com', firstName: 'Vic', lastName: 'Tabb' });
  const profile: ProfileInput = { title: 'Locksmith', bio: 'Keys cut while you wait.' };
  expect((await callApi(uma.page, 'POST', '/api/profiles', profile)).status).toBe(201);
  expect((await callApi(vic.page, 'POST', '/api/profiles', profile)).status).toBe(201);
});
afterAll(async () => {
  await bs?.stop();
});

/** Opens a dialog as a keyboard user does: the focus on its button, then Enter. */
async function openWithKeyboard(page: Page, opener: Locator, dialogName: string): Promise<Locator> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  // Radix has moved the focus into the dialog.
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  return dialog;
}

/** Presses the dialog's Cancel button from the keyboard. */
async function cancelWithKeyboard(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).focus();
  await page.keyboard.press('Enter');
}

/** What holds the focus, named for a readable failure: 'BODY', or the element's tag and text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
  });
}

/** Closes the dialog one way, then expects the focus back on the control that opened it. */
async function closesBackTo(page: Page, opener: Locator, dialogName: string, how: 'Escape' | 'Cancel'): Promise<void> {
  const dialog = await openWithKeyboard(page, opener, dialogName);
  if (how === 'Escape') await page.keyboard.press('Escape');
  else await cancelWithKeyboard(page, dialog);
  await dialog.waitFor({ state: 'detached' });
  const expected = await opener.evaluate((el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`);
  await expect.poll(() => focused(page)).toBe(expected);
}

describe('closing a dialog', () => {
  it('returns the focus to the button that opened it, after Escape and after Cancel', async () => {
    const page = uma.page;
    await page.goto('/profile');
    const addExpense = page.getByTestId('business-expenses').getByRole('button', { name: 'Add business expense' });
    await closesBackTo(page, addExpense, 'Add Business Expense', 'Escape');
    await closesBackTo(page, addExpense, 'Add Business Expense', 'Cancel');

    await page.goto('/surveys');
    const createSurvey = page.getByRole('button', { name: 'Create Survey', exact: true });
    await closesBackTo(page, createSurvey, 'Create Survey', 'Escape');
    await closesBackTo(page, createSurvey, 'Create Survey', 'Cancel');

    await page.goto('/events');
    const createEvent = page.getByRole('button', { name: 'Create Event', exact: true });
    await closesBackTo(page, createEvent, 'Create New Event', 'Escape');
    await closesBackTo(page, createEvent, 'Create New Event', 'Cancel');

    await page.goto('/projects');
    const createProject = page.getByRole('button', { name: 'Create Project', exact: true });
    await closesBackTo(page, createProject, 'Create Community Project', 'Escape');
    await closesBackTo(page, createProject, 'Create Community Project', 'Cancel');

    await page.goto(`/profile/${vic.id}`);
    const logTransaction = page.getByRole('button', { name: 'Log Transaction' });
    await closesBackTo(page, logTransaction, 'Log Transaction', 'Escape');
    await closesBackTo(page, logTransaction, 'Log Transaction', 'Cancel');
  });

  it('keeps the focus on a post’s Delete button when the delete is called off, and moves it to the feed’s heading once the post is gone', async () => {
    const page = uma.page;
    expect((await callApi(page, 'POST', '/api/posts', { content: 'Spare keys for the bike shed' })).status).toBe(201);
    await page.goto('/feed');
    const post = page.getByTestId('post').filter({ hasText: 'Spare keys for the bike shed' });
    const deletePost = post.getByRole('button', { name: 'Delete post' });
    await closesBackTo(page, deletePost, 'Delete this post?', 'Escape');
    await closesBackTo(page, deletePost, 'Delete this post?', 'Cancel');

    const dialog = await openWithKeyboard(page, deletePost, 'Delete this post?');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await post.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('H2 Community Feed');
  });

  it('moves the focus to the expenses’ heading once a confirmed delete has taken the row away', async () => {
    const page = uma.page;
    expect((await callApi(page, 'POST', '/api/expenses', { type: 'business', amount: '4.20', lineItem: 'Key blanks', vendor: 'Locks Ltd' })).status).toBe(201);
    await page.goto('/profile');
    const row = page.getByTestId('business-expenses').getByTestId('expense').filter({ hasText: 'Key blanks' });
    const dialog = await openWithKeyboard(page, row.getByRole('button', { name: 'Delete Key blanks' }), 'Delete expense?');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The row is already gone when the dialog closes: the focus never rests on its vanishing button.
    expect(await row.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('H2 Business Expenses');
  });
});
