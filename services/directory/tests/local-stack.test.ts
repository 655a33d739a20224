import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_POSITION, type CurrentUser, type ProfileSearchPage } from '@freemarket/contracts';
import { BrowserSession, freePort, signInWithDevProvider, waitFor } from '@freemarket/testing';
import { startStack, type Stack } from '@freemarket/testing/stack';

/** Local mode's parts (PGlite, the in-process bus, in-memory sessions), whatever infrastructure the machine has. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ port: await freePort(), databaseUrl: () => 'pglite:memory', natsUrl: null, redisUrl: null, logLevel: 'silent', seedDemoData: true });
}, 240_000);
afterAll(() => stack?.stop());

describe('a fresh local stack', () => {
  it('shows the demo profiles near the default map position through the gateway, and a new member can create a profile', async () => {
    const browser = new BrowserSession(stack.url);
    await signInWithDevProvider(browser, { email: 'newcomer@example.com', firstName: 'New', lastName: 'Comer' });
    const { lat, lng } = DEFAULT_MAP_POSITION;
    const near = await browser.json<ProfileSearchPage>(`/api/profiles/location?lat=${lat}&lng=${lng}&radius=50`);
    expect(near.status).toBe(200);
    expect(near.body.items).toHaveLength(100);
    expect(near.body.nextCursor).not.toBeNull();
    expect(near.body.items[0]!.user.email).toMatch(/@demo\.freemarket\.local$|^null$/);
    const electricians = await browser.json<ProfileSearchPage>(`/api/profiles/search?q=electric&lat=${lat}&lng=${lng}&sort=distance`);
    expect(electricians.body.items.length).toBeGreaterThan(0);

    const me = await browser.json<CurrentUser>('/api/auth/user');
    expect(me.body.profile).toBeUndefined();
    const created = await browser.request('/api/profiles', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Newcomer' }) });
    expect(created.status).toBe(201);
    const after = await browser.json<CurrentUser>('/api/auth/user');
    expect(after.body.profile).toMatchObject({ title: 'Newcomer' });
    // Identity announced the demo members too: the profile's names come back from every source alike.
    await waitFor('the member’s name on their profile', async () => {
      const page = await browser.json<ProfileSearchPage>('/api/profiles/search?type=people&q=comer');
      return page.body.items.length === 1;
    });
  }, 60_000);
});
