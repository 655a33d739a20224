import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ItemPage } from '@freemarket/contracts';
import { callApi, openTab, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

let bs: BrowserStack;
let kim: SignedInMember;

beforeAll(async () => {
  bs = await startBrowserStack();
  kim = await signedInMember(bs, { email: 'kim.doubleclick@example.com', firstName: 'Kim', lastName: 'Quickhands' });
});
afterAll(async () => {
  await bs?.stop();
});

/** The page's requests of one method to one path from now on: how many were sent, how many answered. */
function watchRequests(page: Page, method: string, path: string): { sent: () => number; answered: () => number } {
  let sent = 0;
  let answered = 0;
  const matches = (url: string, m: string) => m === method && new URL(url).pathname === path;
  page.on('request', (request) => {
    if (matches(request.url(), request.method())) sent += 1;
  });
  page.on('requestfinished', (request) => {
    if (matches(request.url(), request.method())) answered += 1;
  });
  return { sent: () => sent, answered: () => answered };
}

/** Leaves a second click's request time to start, then waits for every one sent to be answered. */
async function allAnswered(page: Page, watched: { sent: () => number; answered: () => number }): Promise<number> {
  await page.waitForTimeout(750);
  await expect.poll(() => watched.answered() === watched.sent()).toBe(true);
  return watched.sent();
}

describe('a very fast double click', () => {
  it('creates the profile once on its first Save, with the success toast and no error', async () => {
    const page = kim.page;
    const posts = watchRequests(page, 'POST', '/api/profiles');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Create Your Profile' }).waitFor();
    await openTab(page, 'Vocation');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Bicycle mechanic');
    await page.getByRole('button', { name: 'Save' }).dblclick();
    await page.getByText('Profile updated successfully!').first().waitFor();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(await allAnswered(page, posts)).toBe(1);
    expect(await page.getByText('Failed to update profile').count()).toBe(0);
    expect((await callApi(page, 'GET', `/api/profiles/user/${kim.id}`)).status).toBe(200);
  });

  it('lists one item from Save Item', async () => {
    const page = kim.page;
    const posts = watchRequests(page, 'POST', '/api/items-for-sale');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await openTab(page, 'Shop');
    const shop = page.getByTestId('items-for-sale');
    await shop.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('Title').fill('Tyre levers');
    await dialog.getByRole('button', { name: 'Save Item' }).dblclick();
    await dialog.waitFor({ state: 'detached' });
    await shop.getByTestId('item-for-sale').filter({ hasText: 'Tyre levers' }).waitFor();
    expect(await allAnswered(page, posts)).toBe(1);
    const listed = await callApi<ItemPage>(page, 'GET', `/api/items-for-sale/${kim.id}`);
    expect(listed.body.items.map((item) => item.title)).toEqual(['Tyre levers']);
    expect(await shop.getByTestId('item-for-sale').count()).toBe(1);
  });

  it('posts once to the feed', async () => {
    const page = kim.page;
    const posts = watchRequests(page, 'POST', '/api/posts');
    await page.goto('/feed');
    await page.getByLabel("What's on your mind?").fill('Spare inner tubes at the shop, free to a good home');
    await page.getByRole('button', { name: 'Post', exact: true }).dblclick();
    await page.getByText('Posted!').first().waitFor();
    expect(await allAnswered(page, posts)).toBe(1);
    const feed = await callApi<{ items: { content: string }[] }>(page, 'GET', `/api/posts?userId=${kim.id}`);
    expect(feed.body.items.map((post) => post.content)).toEqual(['Spare inner tubes at the shop, free to a good home']);
  });
});
