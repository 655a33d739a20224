import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deadUrl,
  openWebsocket,
  startEchoService,
  startGateway,
  startStack,
  testConfig,
  type Echo,
  type EchoService,
  type RunningGateway,
  type TestStack,
} from './_util.js';

let stack: TestStack;
let live: EchoService;
const started: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  stack = await startStack();
  live = await startEchoService('messaging-live', stack.keys.publicKeyPem);
});

afterAll(async () => {
  for (const s of started.reverse()) await s.close();
  await live?.close();
  await stack?.close();
});

/** A gateway of its own (so a fresh view of which instances are down) with these instances of a service (messaging unless named). */
async function gatewayWith(instances: string[], service: 'messaging' | 'identity' = 'messaging'): Promise<RunningGateway> {
  const config = testConfig(stack);
  const gateway = await startGateway({ ...config, upstreams: { ...config.upstreams, [service]: instances } });
  started.push({ close: () => gateway.destroy() });
  return gateway;
}

async function send(gateway: RunningGateway, method: 'GET' | 'POST', path: string, cookie: string, body?: unknown): Promise<{ status: number; echo: Echo }> {
  const res = await fetch(`${gateway.url}${path}`, {
    method,
    headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, echo: (await res.json()) as Echo };
}

describe('one of several instances is down (comma-separated MESSAGING_URL, one address with nothing listening)', () => {
  it('should answer every GET and POST from the live instance, the first request to find the stopped one included', async () => {
    // The stopped instance is first in turn, and the first request is a write with a body.
    const gateway = await gatewayWith([await deadUrl(), live.url]);
    const cookie = await gateway.signIn('ria');
    const before = live.seen.length;
    for (let i = 0; i < 6; i++) {
      const posted = await send(gateway, 'POST', '/api/messages?status=201', cookie, { content: `hello ${i}` });
      expect(posted.status).toBe(201);
      expect(posted.echo).toMatchObject({ service: 'messaging-live', method: 'POST', actor: { userId: 'ria' }, body: { content: `hello ${i}` } });
      const got = await send(gateway, 'GET', '/api/messages/conversations', cookie);
      expect(got.status).toBe(200);
      expect(got.echo).toMatchObject({ service: 'messaging-live', method: 'GET' });
    }
    // Each request reached the live instance once: none was sent twice.
    expect(live.seen.length - before).toBe(12);
  });

  it('should send requests to a stopped instance again once it is back and its cool-down (about a second) is over', async () => {
    const stoppedUrl = await deadUrl();
    const gateway = await gatewayWith([live.url, stoppedUrl]);
    const cookie = await gateway.signIn('sol');
    const firstRequestAt = Date.now();
    for (let i = 0; i < 4; i++) expect((await send(gateway, 'GET', '/api/messages/conversations', cookie)).echo.service).toBe('messaging-live');

    const back = await startEchoService('messaging-back', stack.keys.publicKeyPem, Number(new URL(stoppedUrl).port));
    started.push(back);
    while (back.seen.length === 0 && Date.now() - firstRequestAt < 5000) {
      expect((await send(gateway, 'GET', '/api/messages/conversations', cookie)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    // Not before the cool-down that began when the second request found it stopped, nor long after.
    expect(back.seen.length).toBe(1);
    expect(Date.now() - firstRequestAt).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - firstRequestAt).toBeLessThan(3000);

    // Back in the rotation: the two instances take turns again.
    const served: string[] = [];
    for (let i = 0; i < 4; i++) served.push((await send(gateway, 'GET', '/api/messages/conversations', cookie)).echo.service);
    expect(served.sort()).toEqual(['messaging-back', 'messaging-back', 'messaging-live', 'messaging-live']);
  });

  it('should answer 503 JSON within a second, for reads and writes, when every instance is down', async () => {
    const gateway = await gatewayWith([await deadUrl(), await deadUrl()]);
    const cookie = await gateway.signIn('tao');
    for (let i = 0; i < 3; i++) {
      for (const method of ['GET', 'POST'] as const) {
        const startedAt = Date.now();
        const res = await fetch(`${gateway.url}/api/messages/conversations`, {
          method,
          headers: method === 'POST' ? { cookie, 'content-type': 'application/json' } : { cookie },
          body: method === 'POST' ? JSON.stringify({ content: 'anyone?' }) : undefined,
        });
        expect(Date.now() - startedAt).toBeLessThan(1000);
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({ message: 'Service Unavailable: messaging is not reachable' });
      }
    }
  });

  it('should send a GET whose connection was dropped before an answer once more, to another instance, and not a POST', async () => {
    // An instance that takes each request and drops its connection, as one killed mid-request does.
    let dropped = 0;
    const dropping = createServer((req) => {
      dropped++;
      req.socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    started.push({ close: () => new Promise<void>((resolve) => dropping.close(() => resolve())) });
    const gateway = await gatewayWith([`http://127.0.0.1:${(dropping.address() as AddressInfo).port}`, live.url]);
    const cookie = await gateway.signIn('dan');
    for (let i = 0; i < 4; i++) {
      expect(await send(gateway, 'GET', '/api/messages/conversations', cookie)).toMatchObject({ status: 200, echo: { service: 'messaging-live' } });
    }
    expect(dropped).toBeGreaterThan(0);
    // A write may have been done before the connection dropped: it is not sent again.
    const posts: number[] = [];
    for (let i = 0; i < 2; i++) posts.push((await send(gateway, 'POST', '/api/messages', cookie, { content: `once ${i}` })).status);
    expect(posts.sort()).toEqual([200, 502]);
  });

  it('should try an instance in its cool-down when every other refuses, so one restarted serves at once', async () => {
    const restartedUrl = await deadUrl();
    const other = await startEchoService('messaging-other', stack.keys.publicKeyPem);
    const gateway = await gatewayWith([restartedUrl, other.url]);
    const cookie = await gateway.signIn('ora');
    // The first request finds the first instance down: a cool-down of a second begins.
    expect((await send(gateway, 'GET', '/api/messages/conversations', cookie)).echo.service).toBe('messaging-other');
    const restarted = await startEchoService('messaging-restarted', stack.keys.publicKeyPem, Number(new URL(restartedUrl).port));
    started.push(restarted);
    await other.close();
    for (const method of ['GET', 'POST'] as const) {
      const res = await send(gateway, method, '/api/messages/conversations', cookie, method === 'POST' ? { content: 'hi' } : undefined);
      expect(res).toMatchObject({ status: 200, echo: { service: 'messaging-restarted', method } });
    }
  });

  it('should open a /socket.io websocket on the live instance even when the stopped one is next in turn', async () => {
    const gateway = await gatewayWith([await deadUrl(), live.url]);
    const cookie = await gateway.signIn('ivo');
    for (let i = 0; i < 4; i++) {
      const outcome = await openWebsocket(gateway.url, '/socket.io/?EIO=4&transport=websocket', { origin: 'http://localhost:5000', cookie });
      if (!('firstMessage' in outcome)) throw new Error(`upgrade refused: ${outcome.status} ${outcome.body}`);
      expect(JSON.parse(outcome.firstMessage)).toMatchObject({ service: 'messaging-live' });
    }
  });

  it('should refuse a /socket.io upgrade with 503 JSON, not accept it, when every instance is down', async () => {
    const gateway = await gatewayWith([await deadUrl(), await deadUrl()]);
    const cookie = await gateway.signIn('pia');
    const outcome = await openWebsocket(gateway.url, '/socket.io/?EIO=4&transport=websocket', { origin: 'http://localhost:5000', cookie });
    expect(outcome).toEqual({ status: 503, body: JSON.stringify({ message: 'Service Unavailable: messaging is not reachable' }) });
  });

  it('should open every /socket.io websocket on the live instance once a request found the other down', async () => {
    const gateway = await gatewayWith([await deadUrl(), live.url]);
    const cookie = await gateway.signIn('uma');
    expect((await send(gateway, 'GET', '/api/messages/conversations', cookie)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const outcome = await openWebsocket(gateway.url, '/socket.io/?EIO=4&transport=websocket', { origin: 'http://localhost:5000', cookie });
      if (!('firstMessage' in outcome)) throw new Error(`upgrade refused: ${outcome.status} ${outcome.body}`);
      expect(JSON.parse(outcome.firstMessage)).toMatchObject({ service: 'messaging-live', actor: { userId: 'uma' } });
    }
  });

  it("should reach a live instance for the gateway's own calls too: a member deleting their account while the first identity instance is stopped", async () => {
    const identity = await startEchoService('identity-live', stack.keys.publicKeyPem);
    started.push(identity);
    const gateway = await gatewayWith([await deadUrl(), identity.url], 'identity');
    const cookie = await gateway.signIn('una');
    const res = await fetch(`${gateway.url}/api/auth/user`, {
      method: 'DELETE',
      headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:5000' },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });
    expect({ status: res.status, body: res.status === 204 ? '' : await res.text() }).toEqual({ status: 204, body: '' });
    expect(identity.seen.filter((e) => e.method === 'DELETE')).toMatchObject([{ url: '/api/auth/user', actor: { userId: 'una' }, body: { confirm: 'DELETE' } }]);
    // Deleted, so signed out: the next request reaches the service as nobody's.
    expect((await send(gateway, 'GET', '/api/messages/conversations', cookie)).echo.actor).toBeNull();
  });
});
