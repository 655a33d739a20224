import { request } from 'node:http';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDENTITY_HEADER } from '@freemarket/kit';
import { DirectReads } from '../src/proxy/direct-reads.js';
import { deadUrl, startGateway, startStack, testConfig, type Echo, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;
let member: string;
const logLines: Record<string, unknown>[] = [];
/** What each call of `DirectReads.take` answered: true when the lane served the request itself. */
let taken: boolean[] = [];

beforeAll(async () => {
  stack = await startStack();
  const logger = pino({ name: 'gateway', level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });
  gateway = await startGateway(testConfig(stack), { logger });
  member = await gateway.signIn('direct-reader');
  const take = DirectReads.prototype.take;
  vi.spyOn(DirectReads.prototype, 'take').mockImplementation(function (this: DirectReads, ...args) {
    const served = take.apply(this, args);
    taken.push(served);
    return served;
  });
});

afterEach(() => {
  taken = [];
});

afterAll(async () => {
  vi.restoreAllMocks();
  await gateway?.destroy();
  await stack?.close();
});

/** The headers a browser would compare, without those that differ by nature from one answer to the next. */
function comparable(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!['date', 'x-request-id', 'keep-alive', 'connection'].includes(name)) out[name] = value;
  });
  return out;
}

async function twice(path: string, init: RequestInit): Promise<[Response, Response]> {
  const first = await fetch(`${gateway.url}${path}`, init);
  const second = await fetch(`${gateway.url}${path}`, init);
  return [first, second];
}

describe('reads served ahead of Fastify (DirectReads)', () => {
  it("serves a member's read once their session and rate window are known, with the answer Fastify gave the first", async () => {
    const [first, second] = await twice('/api/rewards/balance?x=1', { headers: { cookie: member } });
    // The first needed the session store and Redis (a new rate window): Fastify's. The second did not.
    expect(taken).toEqual([false, true]);
    expect(second.status).toBe(first.status);
    expect(comparable(second)).toEqual(comparable(first));
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const [one, two] = [(await first.json()) as Echo, (await second.json()) as Echo];
    expect(two.actor).toEqual({ userId: 'direct-reader' });
    expect(two.actor).toEqual(one.actor);
    expect(two.url).toBe('/api/rewards/balance?x=1');
    expect(two.headers['x-request-id']).toBe(second.headers.get('x-request-id'));
    expect(Object.keys(two.headers).sort()).toEqual(Object.keys(one.headers).sort());
    expect(two.headers.cookie).toBeUndefined();
  });

  it('answers HEAD, 204 and 304 as Fastify does', async () => {
    for (const [path, init] of [
      ['/api/profiles/1', { method: 'HEAD', headers: { cookie: member } }],
      ['/api/profiles/1?status=204', { headers: { cookie: member } }],
      ['/api/profiles/1?status=304', { headers: { cookie: member, 'if-none-match': '"v1"' } }],
    ] as const) {
      taken = [];
      const [first, second] = await twice(path, init);
      expect(taken.at(-1)).toBe(true);
      expect(second.status).toBe(first.status);
      expect(comparable(second)).toEqual(comparable(first));
      expect(await second.text()).toBe(await first.text());
    }
  });

  it('streams an answer too large to collect', async () => {
    const [first, second] = await twice('/api/profiles/1?size=300000', { headers: { cookie: member } });
    expect(taken).toEqual([true, true]);
    expect(comparable(second)).toEqual(comparable(first));
    expect((await second.text()).length).toBe(300_000);
    expect((await first.text()).length).toBe(300_000);
  });

  it('keeps the caller’s request id and drops a forged identity, as the request pipeline does', async () => {
    const res = await fetch(`${gateway.url}/api/rewards/balance`, { headers: { cookie: member, 'x-request-id': 'trace-me-1', [IDENTITY_HEADER]: 'forged', 'x-user-id': 'mallory' } });
    expect(taken).toEqual([true]);
    expect(res.headers.get('x-request-id')).toBe('trace-me-1');
    const seen = (await res.json()) as Echo;
    expect(seen.actor).toEqual({ userId: 'direct-reader' });
    expect(seen.headers['x-user-id']).toBeUndefined();
    expect(seen.headers['x-request-id']).toBe('trace-me-1');
  });

  it('writes the one request line Fastify writes, in the same shape', async () => {
    logLines.length = 0;
    await fetch(`${gateway.url}/api/rewards/balance`, { headers: { cookie: member, 'x-request-id': 'line-1' } });
    expect(taken).toEqual([true]);
    const lines = logLines.filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, name: 'gateway', reqId: 'line-1', method: 'GET', url: '/api/rewards/balance', status: 200 });
    expect(typeof lines[0]!.ms).toBe('number');
  });

  it('leaves writes, unknown sessions and junk cookies to Fastify', async () => {
    const write = await fetch(`${gateway.url}/api/posts`, { method: 'POST', headers: { cookie: member, 'content-type': 'application/json' }, body: '{}' });
    expect(write.status).toBe(200);
    const unknown = await fetch(`${gateway.url}/api/posts`, { headers: { cookie: `fm.sid=${'a'.repeat(43)}` } });
    expect(unknown.status).toBe(200);
    const junk = await fetch(`${gateway.url}/api/posts`, { headers: { cookie: 'fm.sid=junk' } });
    expect(junk.status).toBe(200);
    expect(junk.headers.get('set-cookie')).toMatch(/^fm\.sid=;/);
    expect(taken).toEqual([false, false, false]);
  });

  it('leaves a read that declares a body to Fastify, which judges its size', async () => {
    const { status } = await new Promise<{ status: number }>((resolve, reject) => {
      const { hostname, port } = new URL(gateway.url);
      const req = request({ host: hostname, port, path: '/api/posts', method: 'GET', headers: { cookie: member, 'content-type': 'application/json', 'content-length': '2' }, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(200);
    expect(taken).toEqual([false]);
  });

  it('answers 503 naming the service when it is down, as the forwarder does on the Fastify path', async () => {
    const down = await startGateway(testConfig(stack, { upstreams: { ...testConfig(stack).upstreams, social: [await deadUrl()] } }));
    try {
      const cookie = await down.signIn('direct-reader');
      const first = await fetch(`${down.url}/api/posts`, { headers: { cookie } });
      const second = await fetch(`${down.url}/api/posts`, { headers: { cookie } });
      expect(taken).toEqual([false, true]);
      expect(second.status).toBe(503);
      expect(comparable(second)).toEqual(comparable(first));
      expect(await second.json()).toEqual({ message: 'Service Unavailable: social is not reachable' });
      expect(await first.json()).toEqual({ message: 'Service Unavailable: social is not reachable' });
    } finally {
      await down.destroy();
    }
  });
});
