import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '@freemarket/contracts';
import { seriousViolations } from './accessibility.js';
import { callApi, screenshot, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

let bs: BrowserStack;
let m: SignedInMember;

beforeAll(async () => {
  bs = await startBrowserStack();
  m = await signedInMember(bs, { email: 'leaving.account@example.com', firstName: 'Lena', lastName: 'Leaving' });
});
afterAll(async () => {
  await bs?.stop();
});

describe('the account page', () => {
  it('downloads the member’s data as one JSON file from the user menu', async () => {
    const page = m.page;
    expect((await callApi(page, 'POST', '/api/posts', { content: 'A post to take with me' })).status).toBe(201);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Account & data' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^freemarket-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountExport;
    expect(data.userId).toBe(m.id);
    expect(data.services.social!.lists.posts).toEqual([expect.objectContaining({ content: 'A post to take with me' })]);
  });

  it('deletes the account only once DELETE is typed, then lands signed out on the landing page', async () => {
    const page = m.page;
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    await screenshot(page, 'account-delete-confirmation');
    await confirm.click();

    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('account') === 'deleted');
    await page.getByRole('status').filter({ hasText: 'Your account has been deleted and you are signed out.' }).waitFor();
    expect((await callApi(page, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await callApi(page, 'GET', '/api/auth/user/export')).status).toBe(401);
  });
});
