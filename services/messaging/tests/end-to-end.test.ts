import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BroadcastResult, Connection, ConnectionPage, CurrentUser, Message } from '@freemarket/contracts';
import { BrowserSession, signInWithDevProvider, waitFor } from '@freemarket/testing';
import { startTestStack, type TestStack } from '@freemarket/testing/stack';
import { openSocket, type OpenedSocket } from './_util.js';

let stack: TestStack;
let socket: OpenedSocket | undefined;

beforeAll(async () => {
  stack = await startTestStack({ logLevel: process.env.TEST_LOG ?? 'silent' });
});
afterAll(async () => {
  socket?.socket.close();
  await stack?.stop();
});

async function signedIn(email: string, firstName: string): Promise<{ browser: BrowserSession; me: CurrentUser }> {
  const browser = new BrowserSession(stack.url);
  await signInWithDevProvider(browser, { email, firstName, lastName: 'Tester' });
  const { body: me } = await browser.json<CurrentUser>('/api/auth/user');
  return { browser, me };
}

async function send<T>(browser: BrowserSession, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const init: RequestInit = { method, headers: { origin: stack.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) } };
  if (body !== undefined) init.body = JSON.stringify(body);
  return browser.json<T>(path, init);
}

describe('connecting and messaging through the whole platform', () => {
  it('lets A ask B, B accept, A message B, and B’s open socket receive it live; the broadcast then reaches B', async () => {
    const a = await signedIn('ada@example.com', 'Ada');
    const b = await signedIn('bob@example.com', 'Bob');
    socket = await openSocket(stack.url, { origin: stack.url, cookie: b.browser.cookieHeader() });

    // Social learns of Bob through user.upserted a moment after his sign-in.
    const asked = await waitFor('the request to go through', async () => {
      const res = await send<Connection>(a.browser, 'POST', '/api/connections', { addresseeId: b.me.id });
      return res.status === 201 ? res.body : null;
    });
    const incoming = await b.browser.json<ConnectionPage>('/api/connections?status=pending');
    expect(incoming.body.items).toEqual([expect.objectContaining({ id: asked.id, requester: expect.objectContaining({ firstName: 'Ada', email: 'ada@example.com' }) })]);
    expect(await send(b.browser, 'PUT', `/api/connections/${asked.id}`, { status: 'accepted' })).toMatchObject({ status: 200, body: { status: 'accepted' } });

    const sent = await send<Message>(a.browser, 'POST', '/api/messages', { receiverId: b.me.id, content: 'Hi Bob, thanks for connecting!' });
    expect(sent.status).toBe(201);
    await waitFor('Bob’s socket to receive the message', () => socket!.received.of('message:new').length === 1);
    expect(socket.received.of('message:new')).toEqual([expect.objectContaining({ ...sent.body, unreadCount: 1, otherUser: expect.objectContaining({ id: a.me.id }) })]);

    // The broadcast reads messaging's projection of connections, fed by social's events: it reaches
    // Bob once connection.accepted is consumed (one that reaches nobody costs nothing).
    const broadcast = await waitFor('the broadcast to reach Bob', async () => {
      const res = await send<BroadcastResult>(a.browser, 'POST', '/api/messages/broadcast', { content: 'Open house on Saturday' });
      return res.body.count === 1 ? res : null;
      // Event propagation is asynchronous; on a loaded machine it can take seconds.
    }, 30_000, 200);
    expect(broadcast.status).toBe(201);
    await waitFor('Bob’s socket to receive the broadcast', () => socket!.received.of('message:new').length === 2);
  }, 90_000);
});
