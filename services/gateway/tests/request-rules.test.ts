import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, startStack, testConfig, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;
let cookie: string;

beforeAll(async () => {
  stack = await startStack();
  gateway = await startGateway(testConfig(stack, { publicUrl: 'https://freemarket.example' }));
  cookie = await gateway.signIn('alice');
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
});

const JSON_HEADERS = { 'content-type': 'application/json' };

async function send(method: string, path: string, headers: Record<string, string>, body?: string | FormData): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${gateway.url}${path}`, { method, headers: { cookie, ...headers }, body });
  return { status: res.status, body: await res.json() };
}

/** A POST whose body is streamed in 64 kB pieces with no Content-Length (Transfer-Encoding: chunked). */
async function sendChunked(text: string): Promise<{ status: number; body: unknown }> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, (at += 64 * 1024)));
    },
  });
  const res = await fetch(`${gateway.url}/api/posts`, { method: 'POST', headers: { cookie, ...JSON_HEADERS }, body: stream, duplex: 'half' } as RequestInit);
  return { status: res.status, body: await res.json() };
}

function postsSeen(): number {
  return stack.services.social.seen.filter((e) => e.method !== 'GET').length;
}

describe('request rules', () => {
  describe('cross-site writes', () => {
    it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('should refuse a %s whose Origin is another site', async (method) => {
      const before = postsSeen();
      const res = await send(method, '/api/posts/1', { ...JSON_HEADERS, origin: 'https://evil.example' }, '{}');
      expect(res).toEqual({ status: 403, body: { message: 'Forbidden: cross-origin request refused' } });
      expect(postsSeen()).toBe(before);
    });

    it('should refuse Origin: null (sandboxed frames, privacy redirects)', async () => {
      expect((await send('POST', '/api/posts', { ...JSON_HEADERS, origin: 'null' }, '{}')).status).toBe(403);
    });

    it('should refuse a write marked Sec-Fetch-Site: cross-site even without Origin', async () => {
      const res = await send('POST', '/api/posts', { ...JSON_HEADERS, 'sec-fetch-site': 'cross-site' }, '{}');
      expect(res).toEqual({ status: 403, body: { message: 'Forbidden: cross-site request refused' } });
    });

    it('should accept a same-origin write', async () => {
      const res = await send('POST', '/api/posts', { ...JSON_HEADERS, origin: 'https://freemarket.example', 'sec-fetch-site': 'same-origin' }, '{"content":"hi"}');
      expect(res.status).toBe(200);
    });

    it('should refuse another port or scheme of the same host', async () => {
      expect((await send('POST', '/api/posts', { ...JSON_HEADERS, origin: 'http://freemarket.example' }, '{}')).status).toBe(403);
      expect((await send('POST', '/api/posts', { ...JSON_HEADERS, origin: 'https://freemarket.example:8443' }, '{}')).status).toBe(403);
    });

    it('should exempt the Stripe webhook from the Origin rule but not from JSON', async () => {
      expect((await send('POST', '/api/stripe/webhook', { ...JSON_HEADERS, 'sec-fetch-site': 'cross-site', origin: 'https://stripe.com' }, '{}')).status).toBe(200);
      expect((await send('POST', '/api/stripe/webhook', { 'content-type': 'text/plain' }, 'x')).status).toBe(415);
    });

    it('should let GETs through whatever their origin, since no GET changes state', async () => {
      const res = await fetch(`${gateway.url}/api/posts`, { headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect(res.status).toBe(200);
    });
  });

  describe('bodies', () => {
    it('should refuse a form body', async () => {
      const res = await send('POST', '/api/posts', { 'content-type': 'application/x-www-form-urlencoded' }, 'content=hi');
      expect(res).toEqual({ status: 415, body: { message: 'Unsupported Media Type: send JSON (content-type: application/json)' } });
    });

    it('should refuse a multipart body', async () => {
      const form = new FormData();
      form.set('content', 'hi');
      const res = await fetch(`${gateway.url}/api/posts`, { method: 'POST', headers: { cookie }, body: form });
      expect(res.status).toBe(415);
    });

    it('should refuse a text/plain body, the one a cross-site fetch may send without preflight', async () => {
      expect((await send('POST', '/api/posts', { 'content-type': 'text/plain;charset=UTF-8' }, '{"content":"hi"}')).status).toBe(415);
    });

    it('should refuse a cross-site form post with 403 before looking at its body', async () => {
      const res = await send('POST', '/api/posts', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, 'a=b');
      expect(res.status).toBe(403);
    });

    it('should refuse a body without a content type', async () => {
      const res = await fetch(`${gateway.url}/api/posts`, { method: 'POST', headers: { cookie }, body: new Uint8Array([123, 125]) });
      expect(res.status).toBe(415);
    });

    it('should refuse a signed-in member’s body over 1 MiB with 413 itself, whatever the service would do', async () => {
      const before = postsSeen();
      const res = await send('POST', '/api/posts', JSON_HEADERS, JSON.stringify({ content: 'x'.repeat(1024 * 1024) }));
      expect(res).toEqual({ status: 413, body: { message: 'Request body is too large' } });
      expect(postsSeen()).toBe(before);
    });

    it('should refuse a signed-in member’s unsized (chunked) body once it passes 1 MiB, with 413, before the service sees it', async () => {
      const before = postsSeen();
      // Several sizes, each a few times: a service that refuses mid-send races the upload, and lost often.
      for (const size of [1024 * 1024, 3 * 1024 * 1024, 3 * 1024 * 1024, 8 * 1024 * 1024, 8 * 1024 * 1024]) {
        const res = await sendChunked(JSON.stringify({ content: 'x'.repeat(size) }));
        expect(res).toEqual({ status: 413, body: { message: 'Request body is too large' } });
      }
      expect(postsSeen()).toBe(before);
    });

    it('should pass a chunked body within the limit on whole', async () => {
      const content = 'y'.repeat(200_000);
      const res = await sendChunked(JSON.stringify({ content }));
      expect(res.status).toBe(200);
      expect((res.body as { body: unknown }).body).toEqual({ content });
    });

    it('should accept JSON with a charset', async () => {
      expect((await send('PUT', '/api/posts/1', { 'content-type': 'application/json; charset=utf-8' }, '{}')).status).toBe(200);
    });

    it.each(['POST', 'DELETE'])('should accept a bodiless %s without content type (join, leave, send, attend)', async (method) => {
      const res = await fetch(`${gateway.url}/api/events/1/attend`, { method, headers: { cookie } });
      expect(res.status).toBe(200);
    });

    it('should leave /oidc form posts alone (the provider takes forms)', async () => {
      const res = await fetch(`${gateway.url}/oidc/interaction/abc/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40b.c',
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { body: unknown }).body).toBe('email=a%40b.c');
    });
  });

  describe('logout', () => {
    it('should ignore a cross-site navigation to /api/logout', async () => {
      const own = await gateway.signIn('bob');
      const res = await fetch(`${gateway.url}/api/logout`, { headers: { cookie: own, 'sec-fetch-site': 'cross-site' }, redirect: 'manual' });
      expect(res.status).toBe(302);
      const after = await fetch(`${gateway.url}/api/rewards/balance`, { headers: { cookie: own } });
      expect(((await after.json()) as { actor: unknown }).actor).toEqual({ userId: 'bob' });
    });
  });
});
