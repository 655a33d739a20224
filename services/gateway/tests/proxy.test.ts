import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssertionSigner, IDENTITY_HEADER, generateAssertionKeys } from '@freemarket/kit';
import { needs } from '@freemarket/testing/needs';
import { rawGet, startGateway, startStack, testConfig, type Echo, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;

beforeAll(async () => {
  stack = await startStack();
  gateway = await startGateway(testConfig(stack));
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
});

/** Node's client rather than fetch, which refuses to send `Connection` and friends or to choose its own chunks. */
function rawRequest(baseUrl: string, path: string, init: { method: string; headers: Record<string, string>; chunks?: string[] }): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: init.method, headers: init.headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    for (const chunk of init.chunks ?? []) req.write(chunk);
    req.end();
  });
}

async function echo(path: string, init: RequestInit = {}): Promise<Echo> {
  const res = await fetch(`${gateway.url}${path}`, init);
  expect(res.status).toBe(200);
  return (await res.json()) as Echo;
}

describe('proxy', () => {
  describe('routing', () => {
    it.each([
      ['/api/auth/user', 'identity'],
      ['/oidc/.well-known/openid-configuration', 'identity'],
      ['/api/skills', 'directory'],
      ['/api/skills/42', 'directory'],
      ['/api/skill-categories', 'directory'],
      ['/api/profiles/abc/reviews', 'directory'],
      ['/api/proposed-legislation', 'directory'],
      ['/api/connections/requests', 'social'],
      ['/api/diy-content/7', 'social'],
      ['/api/messages/broadcast', 'messaging'],
      ['/socket.io/?EIO=4&transport=polling', 'messaging'],
      ['/api/items-for-sale', 'commerce'],
      ['/api/stripe/webhook', 'commerce'],
      ['/api/rewards/balance', 'rewards'],
    ])('should send %s to %s with the path unchanged', async (path, service) => {
      const seen = await echo(path);
      expect(seen.service).toBe(service);
      expect(seen.url).toBe(path);
    });

    it('should keep the query string', async () => {
      const seen = await echo('/api/profiles/search?lat=45.5&lng=-73.6&q=plumber%20%26%20co&skills=a&skills=b');
      expect(new URL(seen.url, 'http://x').searchParams.getAll('skills')).toEqual(['a', 'b']);
      expect(new URL(seen.url, 'http://x').searchParams.get('q')).toBe('plumber & co');
    });

    it('should not let a prefix swallow a longer sibling', async () => {
      const res = await fetch(`${gateway.url}/api/skillsets`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    });

    it('should never proxy /internal', async () => {
      for (const method of ['GET', 'PUT', 'POST']) {
        const res = await fetch(`${gateway.url}/internal/users/someone`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
        expect(res.status).toBe(404);
      }
      expect(stack.services.identity.seen.some((e) => e.url.startsWith('/internal'))).toBe(false);
    });

    it('should answer unknown /api paths with 404 JSON', async () => {
      const res = await fetch(`${gateway.url}/api/nope`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    });

    it('should refuse path traversal out of a prefix', async () => {
      // fetch() would normalise the dots away; a raw request sends them as an attacker would.
      for (const path of ['/api/profiles/../../internal/users/x', '/api/profiles/%2e%2e/%2e%2e/internal/users/x', '/api/profiles/..%2f..%2finternal/users/x']) {
        expect((await rawGet(gateway.url, path)).status).toBe(400);
      }
      expect(stack.services.directory.seen.some((e) => e.url.includes('internal'))).toBe(false);
    });

    it.each([10, 64 * 1024, 1024 * 1024])('should pass a %i-byte answer through intact', async (size) => {
      const res = await fetch(`${gateway.url}/api/profiles/big?size=${size}`);
      expect(res.status).toBe(200);
      expect((await res.text()).length).toBe(size);
    });

    it('should answer HEAD and bodiless statuses', async () => {
      const head = await fetch(`${gateway.url}/api/profiles/1`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const noContent = await fetch(`${gateway.url}/api/profiles/1?status=204`, { method: 'DELETE' });
      expect(noContent.status).toBe(204);
    });

    it("should pass a 304 Not Modified through, though it names its representation's length", async () => {
      const res = await fetch(`${gateway.url}/api/profiles/1?status=304`, { headers: { 'if-none-match': '"v1"' } });
      expect(res.status).toBe(304);
      expect(await res.text()).toBe('');
    });

    it('should stream a JSON body through', async () => {
      const seen = await echo('/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'hello' }) });
      expect(seen.body).toEqual({ content: 'hello' });
    });

    it('should stream a chunked JSON body of unknown length through', async () => {
      const { status, body } = await rawRequest(gateway.url, '/api/posts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        chunks: ['{"content":', '"in pieces"}'],
      });
      expect(status).toBe(200);
      expect((JSON.parse(body) as Echo).body).toEqual({ content: 'in pieces' });
    });

    it("should pass socket.io's text/plain polling body through", async () => {
      const seen = await echo('/socket.io/?EIO=4&transport=polling&sid=abc', { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: '42["ping"]' });
      expect(seen.service).toBe('messaging');
      expect(seen.body).toBe('42["ping"]');
    });

    it('should forward an upload sent with Expect: 100-continue', async () => {
      const { status, body } = await rawRequest(gateway.url, '/api/posts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', expect: '100-continue', 'content-length': '19' },
        chunks: ['{"content":"later"}'],
      });
      expect(status).toBe(200);
      expect((JSON.parse(body) as Echo).body).toEqual({ content: 'later' });
    });

    it('should not pass on hop-by-hop headers, nor those the Connection header names', async () => {
      const { status, body } = await rawRequest(gateway.url, '/api/profiles/1', {
        method: 'GET',
        headers: { connection: 'keep-alive, x-hop-secret', 'x-hop-secret': 'for the gateway only', 'keep-alive': 'timeout=5', 'proxy-connection': 'keep-alive', 'x-end-to-end': 'kept' },
      });
      expect(status).toBe(200);
      const seen = (JSON.parse(body) as Echo).headers;
      expect(seen['x-hop-secret']).toBeUndefined();
      expect(seen['keep-alive']).toBeUndefined();
      expect(seen['proxy-connection']).toBeUndefined();
      expect(seen['x-end-to-end']).toBe('kept');
    });
  });

  describe('identity', () => {
    it('should drop a forged identity header from an anonymous request', async () => {
      const keys = await generateAssertionKeys();
      const forged = await (await AssertionSigner.fromPem(keys.privateKeyPem)).sign({ userId: 'mallory' });
      // Even a token signed with the real key must not pass when it comes from outside.
      const genuine = await (await AssertionSigner.fromPem(stack.keys.privateKeyPem)).sign({ userId: 'admin' });
      for (const token of [forged, genuine]) {
        const seen = await echo('/api/rewards/balance', { headers: { [IDENTITY_HEADER]: token, 'x-user-id': 'admin', 'x-forwarded-user': 'admin' } });
        expect(seen.actor).toBeNull();
        expect(seen.headers[IDENTITY_HEADER]).toBeUndefined();
        expect(seen.headers['x-user-id']).toBeUndefined();
        expect(seen.headers['x-forwarded-user']).toBeUndefined();
      }
    });

    it('should replace a forged identity header with the session member', async () => {
      const cookie = await gateway.signIn('alice');
      const seen = await echo('/api/rewards/balance', { headers: { cookie, [IDENTITY_HEADER]: 'forged' } });
      expect(seen.actor).toEqual({ userId: 'alice' });
    });

    it('should keep the session cookie from services but pass their own cookies', async () => {
      const cookie = await gateway.signIn('alice');
      const seen = await echo('/oidc/interaction/abc', { headers: { cookie: `_interaction=xyz; ${cookie}; other=1` } });
      expect(seen.headers.cookie).toBe('_interaction=xyz; other=1');
      const api = await echo('/api/rewards/balance', { headers: { cookie } });
      expect(api.headers.cookie).toBeUndefined();
    });

    it('should forward the request id and trace context', async () => {
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const res = await fetch(`${gateway.url}/api/posts`, { headers: { 'x-request-id': 'req-123', traceparent } });
      const seen = (await res.json()) as Echo;
      expect(seen.headers['x-request-id']).toBe('req-123');
      expect(seen.headers.traceparent).toBe(traceparent);
      expect(res.headers.get('x-request-id')).toBe('req-123');
    });

    it('should replace forwarding headers with what the gateway saw', async () => {
      const seen = await echo('/api/posts', { headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example' } });
      expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(seen.headers['x-forwarded-host']).toBe('localhost:5000');
      expect(seen.headers['x-forwarded-proto']).toBe('http');
    });
  });

  describe('health', () => {
    it('should answer /healthz', async () => {
      expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    });

    needs('redis', '/readyz checks the Redis session store').it('should answer /readyz with Redis checked', async () => {
      const ready = await fetch(`${gateway.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { redis: 'ok' } });
    });

    it('should set the security headers', async () => {
      const res = await fetch(`${gateway.url}/api/posts`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });
  });
});
