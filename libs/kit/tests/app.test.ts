import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, requireActor, type App } from '../src/app.js';
import { AssertionSigner, AssertionVerifier, generateAssertionKeys, IDENTITY_HEADER } from '../src/assertion.js';
import { ConflictError } from '../src/errors.js';
import { createLogger } from '../src/logger.js';

let app: App;
let signer: AssertionSigner;
let foreignSigner: AssertionSigner;

beforeAll(async () => {
  const keys = await generateAssertionKeys();
  signer = await AssertionSigner.fromPem(keys.privateKeyPem);
  foreignSigner = await AssertionSigner.fromPem((await generateAssertionKeys()).privateKeyPem);
  app = createApp({ logger: createLogger('test', 'silent'), verifier: await AssertionVerifier.fromPem(keys.publicKeyPem) });
  app.post(
    '/api/things',
    { config: { memberOnly: false }, schema: { body: z.object({ name: z.string().max(10), rating: z.number().int().min(1).max(5), kind: z.enum(['a', 'b']) }) } },
    async (req) => ({ ok: true, name: req.body.name }),
  );
  app.get('/api/me', { config: { memberOnly: true } }, async (req) => ({ userId: requireActor(req).userId }));
  app.get('/api/things/:id', { config: { memberOnly: false }, schema: { params: z.object({ id: z.string() }), querystring: z.object({ q: z.string().optional() }) } }, async (req) => ({
    id: req.params.id,
  }));
  app.get('/api/conflict', { config: { memberOnly: false } }, async () => {
    throw new ConflictError('Already there');
  });
  app.get('/api/unstorable', { config: { memberOnly: false } }, async () => {
    // As drizzle wraps the driver's error: Postgres refusing a NUL that got past validation.
    throw new Error('Failed query', { cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }) });
  });
  app.get('/api/boom', { config: { memberOnly: false } }, async () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/things', payload, headers: { 'content-type': contentType } });

describe('createApp error contract', () => {
  it('answers a malformed JSON body with 400 naming the body', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body/);
  });

  it('answers a wrong type with 400 naming the field', async () => {
    const res = await post(JSON.stringify({ name: 'x', rating: 'five', kind: 'a' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body.rating');
    expect(res.json().issues[0].path).toBe('body.rating');
  });

  it('answers an unknown enum value with 400 naming the field', async () => {
    const res = await post(JSON.stringify({ name: 'x', rating: 3, kind: 'zzz' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body.kind');
  });

  it('answers an over-long field with 400 naming the field', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(11), rating: 3, kind: 'a' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body.name');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await post('name=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('message');
  });

  it('keeps the status of a domain error', async () => {
    const res = await app.inject({ url: '/api/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Already there' });
  });

  it('never reveals the detail of an unexpected failure', async () => {
    const res = await app.inject({ url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });

  it('refuses a NUL character anywhere in the input with 400 naming the field, as Postgres cannot store it', async () => {
    const body = await post(JSON.stringify({ name: 'a\u0000b', rating: 3, kind: 'a' }));
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ message: 'body.name: must not contain the NUL character' });
    expect((await app.inject({ url: '/api/things/a%00b' })).json()).toEqual({ message: 'params.id: must not contain the NUL character' });
    expect((await app.inject({ url: '/api/things/1?q=%00' })).json()).toEqual({ message: 'querystring.q: must not contain the NUL character' });
  });

  it('refuses an unpaired UTF-16 surrogate anywhere in the input with 400 naming the field, as jsonb cannot store it', async () => {
    const lone = await post('{"name":"a\\ud800b","rating":3,"kind":"a"}');
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toEqual({ message: 'body.name: must be well-formed Unicode text (no unpaired surrogate)' });
    const inKey = await post('{"name":"x","rating":3,"kind":"a","extra":{"\\udc00":1}}');
    expect(inKey.json()).toEqual({ message: 'body.extra.\\udc00: must be well-formed Unicode text (no unpaired surrogate)' });
    const paired = await post(JSON.stringify({ name: 'a \u{1F600} b', rating: 3, kind: 'a' }));
    expect(paired.statusCode).toBe(200);
  });

  it('answers 400, not 500, when the database refuses text from the request that validation let through', async () => {
    const res = await app.inject({ url: '/api/unstorable' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('invalid byte sequence');
  });

  it('finds a NUL character however deep in the body, and lets a large body without one through', async () => {
    let nested: unknown = 'a\u0000b';
    for (let i = 0; i < 20; i++) nested = { inner: [nested] };
    const deep = await post(JSON.stringify({ name: 'x', rating: 3, kind: 'a', extra: nested }));
    expect(deep.json().message).toMatch(/^body\.extra\.inner\.0\.inner/);
    const large = await post(JSON.stringify({ name: 'x', rating: 3, kind: 'a', extra: new Array(100_000).fill(0) }));
    expect(large.statusCode).toBe(200);
  });

  it('answers the router’s own refusals in the same shape: an undecodable path, an over-long path segment', async () => {
    const badUrl = await app.inject({ url: '/api/things/%FF' });
    expect(badUrl.statusCode).toBe(400);
    expect(Object.keys(badUrl.json())).toEqual(['message']);
    expect(badUrl.headers['x-request-id']).toBeTruthy();
    const longParam = await app.inject({ url: `/api/things/${'a'.repeat(300)}` });
    expect(longParam.statusCode).toBe(414);
    expect(Object.keys(longParam.json())).toEqual(['message']);
  });

  it('returns a request id on every answer', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe('identity assertion', () => {
  it('gives the route the actor of a valid assertion', async () => {
    const token = await signer.sign({ userId: 'user-1' });
    const res = await app.inject({ url: '/api/me', headers: { [IDENTITY_HEADER]: token } });
    expect(res.json()).toEqual({ userId: 'user-1' });
  });

  it('tells browsers and proxies to keep no copy of a member’s answer, and leaves public answers alone', async () => {
    const token = await signer.sign({ userId: 'user-1' });
    expect((await app.inject({ url: '/api/me', headers: { [IDENTITY_HEADER]: token } })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/me' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/things/1' })).headers['cache-control']).toBeUndefined();
  });

  it('answers 401 Unauthorized without an assertion', async () => {
    const res = await app.inject({ url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('refuses an assertion signed by another key', async () => {
    const token = await foreignSigner.sign({ userId: 'user-1' });
    const res = await app.inject({ url: '/api/me', headers: { [IDENTITY_HEADER]: token } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired assertion', async () => {
    const token = await signer.sign({ userId: 'user-2' }, Date.now() - 10 * 60_000);
    const res = await app.inject({ url: '/api/me', headers: { [IDENTITY_HEADER]: token } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a tampered assertion', async () => {
    const token = await signer.sign({ userId: 'user-3' });
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    const res = await app.inject({ url: '/api/me', headers: { [IDENTITY_HEADER]: `${h}.${forged}.${s}` } });
    expect(res.statusCode).toBe(401);
  });
});
