import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport, CurrentUser, PostPage } from '@freemarket/contracts';
import { BrowserSession, signInWithDevProvider, waitFor } from '@freemarket/testing';
import { startTestStack, type TestStack } from '@freemarket/testing/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function member(email: string, firstName: string): Promise<{ browser: BrowserSession; me: CurrentUser }> {
  const browser = new BrowserSession(stack.url);
  await signInWithDevProvider(browser, { email, firstName, lastName: 'Tester' });
  const { body: me } = await browser.json<CurrentUser>('/api/auth/user');
  return { browser, me };
}

function send(browser: BrowserSession, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: stack.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return browser.request(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
}

describe("a member's data", () => {
  it('exports everything held about the member from every service as one download', async () => {
    const { browser, me } = await member('export@example.com', 'Exporter');
    expect((await send(browser, 'POST', '/api/posts', { content: 'my exported post' })).status).toBe(201);
    expect((await send(browser, 'POST', '/api/expenses', { amount: '12.50', lineItem: 'Paint', vendor: 'Hardware store' })).status).toBe(201);

    const res = await browser.request('/api/auth/user/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="freemarket-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = (await res.json()) as AccountExport;
    expect(data.userId).toBe(me.id);
    expect(Object.keys(data.services).sort()).toEqual(['commerce', 'directory', 'identity', 'messaging', 'rewards', 'social']);
    expect(data.services.identity!.lists.account).toEqual([expect.objectContaining({ id: me.id, email: 'export@example.com' })]);
    expect(data.services.social!.lists.posts).toEqual([expect.objectContaining({ content: 'my exported post', userId: me.id })]);
    expect(data.services.commerce!.lists.expenses).toEqual([expect.objectContaining({ lineItem: 'Paint' })]);
  });

  it('refuses an export and a deletion to a visitor, and a deletion without its confirmation', async () => {
    const visitor = new BrowserSession(stack.url);
    expect((await visitor.request('/api/auth/user/export')).status).toBe(401);
    expect((await send(visitor, 'DELETE', '/api/auth/user', { confirm: 'DELETE' })).status).toBe(401);
    expect((await send(visitor, 'DELETE', '/api/auth/user', { confirm: 1 })).status).toBe(401);
    const { browser } = await member('hesitant@example.com', 'Hesitant');
    expect((await send(browser, 'DELETE', '/api/auth/user', {})).status).toBe(400);
    expect((await send(browser, 'DELETE', '/api/auth/user', { confirm: 'delete' })).status).toBe(400);
    expect((await browser.json('/api/auth/user')).status).toBe(200);
  });

  it('deletes the account: every session of the member ends and every service forgets the member, leaving others alone', async () => {
    const leaving = await member('leaving@example.com', 'Leaving');
    const staying = await member('staying@example.com', 'Staying');
    expect((await send(leaving.browser, 'POST', '/api/posts', { content: 'goodbye post' })).status).toBe(201);
    expect((await send(staying.browser, 'POST', '/api/posts', { content: 'still here' })).status).toBe(201);
    const cookie = leaving.browser.cookieHeader();
    // The same member on a second device.
    const elsewhere = await member('leaving@example.com', 'Leaving');
    expect(elsewhere.me.id).toBe(leaving.me.id);

    expect((await send(leaving.browser, 'DELETE', '/api/auth/user', { confirm: 'DELETE' })).status).toBe(204);
    expect((await leaving.browser.json('/api/auth/user')).status).toBe(401);
    const replayed = await fetch(new URL('/api/auth/user/export', stack.url), { headers: { cookie } });
    expect(replayed.status).toBe(401);
    expect((await elsewhere.browser.json('/api/auth/user')).status).toBe(401);

    const feed = await waitFor('the feed to drop the deleted member’s post', async () => {
      const { body } = await staying.browser.json<PostPage>('/api/posts');
      return body.items.some((p) => p.userId === leaving.me.id) ? undefined : body;
    });
    expect(feed.items.map((p) => p.content)).toContain('still here');

    // Signing in again makes a new, empty account: nothing of the old one comes back.
    const again = await member('leaving@example.com', 'Leaving');
    const data = await again.browser.json<AccountExport>('/api/auth/user/export');
    expect(data.body.services.social!.lists.posts).toEqual([]);
  });

  it('lets a member who deleted the account sign up again in the same browser, through the sign-in form', async () => {
    const { browser } = await member('returning@example.com', 'Returning');
    expect((await send(browser, 'DELETE', '/api/auth/user', { confirm: 'DELETE' })).status).toBe(204);
    // The browser still holds the provider's sign-in cookie for the deleted account.
    const { hops } = await signInWithDevProvider(browser, { email: 'returning@example.com', firstName: 'Returning', lastName: 'Again' });
    expect(hops.some((h) => h.startsWith('/oidc/interaction/'))).toBe(true);
    const { status, body } = await browser.json<CurrentUser>('/api/auth/user');
    expect(status).toBe(200);
    expect(body).toMatchObject({ firstName: 'Returning', lastName: 'Again' });
  });
});
