import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createApp, requireActor, type App } from '../src/app.js';
import { AssertionSigner, AssertionVerifier, generateAssertionKeys, IDENTITY_HEADER } from '../src/assertion.js';
import { createLogger } from '../src/logger.js';

const logger = createLogger('test', 'silent');
const thing = z.object({ name: z.string().max(10), rating: z.number().int().min(1).max(5) });
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });
const idParams = z.object({ id: z.uuid() });

let app: App;
let signer: AssertionSigner;
/** How many requests reached a handler: a refused caller must leave it at zero. */
let handled = 0;

beforeAll(async () => {
  const keys = await generateAssertionKeys();
  signer = await AssertionSigner.fromPem(keys.privateKeyPem);
  app = createApp({ logger, verifier: await AssertionVerifier.fromPem(keys.publicKeyPem) });
  app.post('/api/things', { config: { memberOnly: true }, schema: { body: thing } }, async (req, reply) => {
    handled += 1;
    return reply.status(201).send({ by: requireActor(req).userId, name: req.body.name });
  });
  app.get('/api/things/:id', { config: { memberOnly: true }, schema: { params: idParams, querystring: listQuery } }, async (req) => {
    handled += 1;
    return { by: requireActor(req).userId, id: req.params.id };
  });
  app.get('/api/public', { config: { memberOnly: false }, schema: { querystring: listQuery } }, async (req) => {
    handled += 1;
    return { limit: req.query.limit ?? null, actor: req.actor?.userId ?? null };
  });
  // Routes in an encapsulated plugin, with their own onRequest hook, as services register them.
  await app.register(async (scope) => {
    const options = {
      config: { memberOnly: true },
      schema: { querystring: listQuery },
      onRequest: async (_req: FastifyRequest, reply: FastifyReply) => {
        reply.header('x-own-hook', 'ran');
      },
    };
    scope.get('/api/scoped', options, async (req) => {
      handled += 1;
      return { by: requireActor(req).userId };
    });
  });
  await app.ready();
});
afterAll(() => app.close());

const as = async (userId: string | null): Promise<Record<string, string>> => (userId ? { [IDENTITY_HEADER]: await signer.sign({ userId }) } : {});
const postThing = async (userId: string | null, payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/things', payload, headers: { ...(await as(userId)), 'content-type': contentType } });
const UNAUTHORIZED = { message: 'Unauthorized' };

describe('a member-only route', () => {
  it('answers an anonymous POST with a malformed body 401 Unauthorized, not 400', async () => {
    const before = handled;
    const res = await postThing(null, JSON.stringify({ name: 'x'.repeat(11), rating: 'five' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    expect(handled).toBe(before);
  });

  it('answers an anonymous POST whose body is not even JSON 401, not 400 or 415', async () => {
    for (const [payload, type] of [['{"name": ', 'application/json'], ['', 'application/json'], ['name=x', 'application/x-www-form-urlencoded']]) {
      const res = await postThing(null, payload!, type);
      expect(res.statusCode, `${type} ${payload}`).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('answers an anonymous body over the size limit 401 without reading it, not 413', async () => {
    const res = await postThing(null, JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), rating: 1 }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('answers an anonymous GET with bad params and query 401, not 400', async () => {
    const res = await app.inject({ url: '/api/things/not-a-uuid?limit=1000' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('answers the HEAD Fastify adds for a member-only GET 401 too', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/api/things/not-a-uuid' });
    expect(res.statusCode).toBe(401);
  });

  it('answers a forged assertion 401 before judging the input', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/things', payload: '{}', headers: { [IDENTITY_HEADER]: 'forged', 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('still answers a signed-in member’s malformed body 400 naming the field', async () => {
    const res = await postThing('ada', JSON.stringify({ name: 'x', rating: 'five' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body.rating');
    expect(res.json().issues[0].path).toBe('body.rating');
  });

  it('still answers a signed-in member’s bad params and query 400 naming the field', async () => {
    const params = await app.inject({ url: '/api/things/not-a-uuid', headers: await as('ada') });
    expect(params.statusCode).toBe(400);
    expect(params.json().message).toMatch(/^params\.id: /);
    const query = await app.inject({ url: `/api/things/${crypto.randomUUID()}?limit=1000`, headers: await as('ada') });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^querystring\.limit: /);
  });

  it('hands a signed-in member’s valid request to the handler with its actor', async () => {
    const res = await postThing('ada', JSON.stringify({ name: 'lamp', rating: 4 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ by: 'ada', name: 'lamp' });
  });

  it('guards routes registered inside a plugin and keeps their own onRequest hooks', async () => {
    expect((await app.inject({ url: '/api/scoped?limit=1000' })).statusCode).toBe(401);
    const res = await app.inject({ url: '/api/scoped', headers: await as('bob') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ by: 'bob' });
    expect(res.headers['x-own-hook']).toBe('ran');
  });
});

describe('a public route', () => {
  it('still serves an anonymous caller', async () => {
    const res = await app.inject({ url: '/api/public?limit=5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ limit: 5, actor: null });
  });

  it('still answers an anonymous caller’s bad input 400 naming the field', async () => {
    const res = await app.inject({ url: '/api/public?limit=1000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^querystring\.limit: /);
  });

  it('still sees the actor of a signed-in member', async () => {
    const res = await app.inject({ url: '/api/public', headers: await as('ada') });
    expect(res.json()).toEqual({ limit: null, actor: 'ada' });
  });
});

describe('an app without a verifier', () => {
  it('refuses every caller of a member-only route, since nobody can be vouched for', async () => {
    const bare = createApp({ logger });
    bare.get('/api/things', { config: { memberOnly: true } }, async () => ({ ok: true }));
    try {
      const res = await bare.inject({ url: '/api/things', headers: await as('ada') });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    } finally {
      await bare.close();
    }
  });
});

describe('a service route that does not say who may call it', () => {
  it('fails at registration, so a new API route cannot be public by omission', async () => {
    const keys = await generateAssertionKeys();
    const service = createApp({ logger, verifier: await AssertionVerifier.fromPem(keys.publicKeyPem) });
    try {
      expect(() => service.get('/api/forgotten', async () => ({ ok: true }))).toThrow('GET /api/forgotten: say config.memberOnly (true, or false for a public route)');
      expect(() => service.post('/internal/forgotten', async () => ({ ok: true }))).toThrow(/config\.memberOnly/);
      // Health and other non-API paths need no say.
      expect(() => service.get('/version', async () => 'ok')).not.toThrow();
    } finally {
      await service.close();
    }
  });
});
