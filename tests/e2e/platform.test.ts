import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { CurrentUser } from '@freemarket/contracts';
import { BrowserSession, signInWithDevProvider, waitFor } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { startTestStack, type TestStack } from '@freemarket/testing/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const ada = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

describe('signing in through the gateway', () => {
  it('signs a member in through the development provider and /api/auth/user returns them', async () => {
    const browser = new BrowserSession(stack.url);
    const { hops } = await signInWithDevProvider(browser, ada);
    expect(hops).toContain('/api/callback');
    expect(hops.at(-1)).toBe('/');

    const me = await browser.json<CurrentUser>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect(me.body.id).toMatch(/^dev-/);
  });

  it('answers 401 Unauthorized to a visitor who is not signed in', async () => {
    const res = await new BrowserSession(stack.url).json('/api/auth/user');
    expect(res).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('gives a fresh session id at every sign-in and keeps provider tokens out of the browser', async () => {
    const browser = new BrowserSession(stack.url);
    await signInWithDevProvider(browser, ada);
    const first = new Map(browser.cookies);
    await signInWithDevProvider(browser, ada);
    const sessionCookie = [...browser.cookies.keys()].find((name) => name.endsWith('fm.sid'))!;
    expect(sessionCookie).toBeDefined();
    expect(browser.cookies.get(sessionCookie)).not.toBe(first.get(sessionCookie));
    // At least 128 random bits, and no JWT (ID, access or refresh token) in any cookie.
    expect(Buffer.from(browser.cookies.get(sessionCookie)!, 'base64url').length).toBeGreaterThanOrEqual(16);
    for (const value of browser.cookies.values()) expect(value).not.toMatch(/^eyJ/);
    // The previous session no longer works.
    const stale = await fetch(new URL('/api/auth/user', stack.url), { headers: { cookie: `${sessionCookie}=${first.get(sessionCookie)}` } });
    expect(stale.status).toBe(401);
  });

  it('ends the session at logout and sends the browser home', async () => {
    const browser = new BrowserSession(stack.url);
    await signInWithDevProvider(browser, ada);
    const cookie = browser.cookieHeader();
    const res = await browser.request('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect((await browser.json('/api/auth/user')).status).toBe(401);
    const replayed = await fetch(new URL('/api/auth/user', stack.url), { headers: { cookie } });
    expect(replayed.status).toBe(401);
  });

  it('asks who is signing in at every Log In, so another member can sign in in the same browser after Log Out', async () => {
    const browser = new BrowserSession(stack.url);
    await signInWithDevProvider(browser, ada);
    expect((await browser.request('/api/logout')).status).toBe(302);
    const login = await browser.follow('/api/login');
    expect(login.hops).not.toContain('/api/callback');
    expect(await login.response.text()).toContain('<form method="post"');
    await signInWithDevProvider(browser, { email: 'bea@example.com', firstName: 'Bea', lastName: 'Baker' });
    expect((await browser.json<CurrentUser>('/api/auth/user')).body).toMatchObject({ email: 'bea@example.com', firstName: 'Bea' });
  });

  needs('postgres', 'reads every service’s users table over a Postgres connection').it('announces the member to every service through the event bus', async () => {
    const browser = new BrowserSession(stack.url);
    await signInWithDevProvider(browser, { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
    const { body: me } = await browser.json<CurrentUser>('/api/auth/user');
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      for (const schema of ['directory', 'social', 'messaging', 'commerce', 'rewards']) {
        const row = await waitFor(`${schema}.users to learn of the member`, async () => {
          const { rows } = await client.query(`select first_name, last_name, email from ${schema}.users where id = $1`, [me.id]);
          return rows[0] as { first_name: string; email: string } | undefined;
        });
        expect(row).toMatchObject({ first_name: 'Grace', email: 'grace@example.com' });
      }
    } finally {
      await client.end();
    }
  });

  it('refuses to proxy the internal user registration from outside', async () => {
    const res = await fetch(new URL('/internal/users/x', stack.url), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect([403, 404]).toContain(res.status);
  });
});
