import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Connection, CurrentUser, Message, MessagePage, ServerToClientEvents } from '@freemarket/contracts';
import { BrowserSession, signInWithDevProvider, testInfra, waitFor } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { startDistributedStack, type DistributedStack } from '../../scripts/distributed-stack.js';

/**
 * Distributed mode's promise to members: an instance that dies or stops goes unnoticed. The
 * platform runs as separate processes (scripts/distributed-stack.ts), one stack for the file;
 * after each test, pass or fail, its traffic and sockets stop and every instance runs again.
 */

interface Outcome {
  startedAt: number;
  endedAt: number;
  ok: boolean;
  what: string;
}

interface Traffic {
  outcomes: Outcome[];
  stop(): Promise<Outcome[]>;
}

interface SignedIn {
  browser: BrowserSession;
  me: CurrentUser;
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let stack: DistributedStack;
let ada: SignedIn;
let bob: SignedIn;
/** What the running test started: traffic to stop, sockets to close. */
const cleanups: (() => unknown)[] = [];

needs(['postgres', 'nats', 'redis'], 'service instances as separate processes sharing a database, a stream and Redis').describe('distributed mode', () => {
  beforeAll(async () => {
    const infra = testInfra();
    stack = await startDistributedStack({
      postgresUrl: infra.postgresUrl!,
      natsUrl: infra.natsUrl!,
      redisUrl: infra.redisUrl!,
      logLevel: process.env.TEST_LOG ?? 'warn',
      // The traffic below is one member's, far above a person's pace.
      gatewayEnv: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_SEARCH_PER_MINUTE: '1000000', RATE_LIMIT_POSTING_PER_MINUTE: '1000000' },
    });
    ada = await signIn('ada@example.com', 'Ada');
    bob = await signIn('bob@example.com', 'Bob');
    expect((await send(ada, 'POST', '/api/profiles', { title: 'Engineer' })).status).toBe(201);
  }, 180_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    for (const instance of stack.instances) if (instance.pid === undefined) await stack.restart(instance.name);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('should keep answering reads when a directory instance is killed, and route around it within a second', async () => {
    const traffic = readTraffic(ada);
    await flowing(traffic);
    const dead = stack.instance('directory-1').url;
    const killedAt = Date.now();
    await stack.kill('directory-1', 'SIGKILL');
    await answeredSince(traffic, killedAt);
    const outcomes = await traffic.stop();

    const failed = outcomes.filter((o) => !o.ok);
    expect(failed.filter((o) => o.startedAt >= killedAt)).toEqual([]);
    expect(failed.filter((o) => o.startedAt < killedAt && o.endedAt < killedAt)).toEqual([]);
    // Each gateway notes the instance down at the first connection it refuses.
    const noticed = stack.gatewayUrls.map((_, n) => firstSkip(stack.logs(`gateway-${n + 1}`), dead) - killedAt);
    console.log(`SIGKILL directory-1: ${outcomes.length} reads, ${failed.length} failed (in flight at the kill); gateways routing around it after ${noticed.join(' and ')} ms`);
    for (const ms of noticed) expect(ms).toBeLessThan(1000);
  }, 60_000);

  it('should fail no request while an instance drains on SIGTERM', async () => {
    const traffic = readTraffic(ada);
    await flowing(traffic);
    const stoppedAt = Date.now();
    await stack.kill('directory-2', 'SIGTERM');
    await answeredSince(traffic, stoppedAt);
    const outcomes = await traffic.stop();
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  }, 60_000);

  it('should reconnect sockets to the surviving messaging instance and lose no message when one is killed', async () => {
    await connect(ada, bob);
    // Consecutive upgrades through one gateway go to the instances in turn: one socket on each.
    const sockets = [await openSocket(bob, stack.gatewayUrls[0]!), await openSocket(bob, stack.gatewayUrls[0]!)];
    const live = new Set<string>();
    let disconnects = 0;
    for (const s of sockets) {
      s.on('message:new', (entry) => live.add(entry.id));
      s.on('disconnect', () => disconnects++);
    }
    const sent: string[] = [];
    const failed: Outcome[] = [];
    let sending = true;
    let turn = 0;
    const sender = (async () => {
      while (sending) {
        const startedAt = Date.now();
        const gateway = stack.gatewayUrls[turn++ % 2]!;
        const res = await send<Message>(ada, 'POST', '/api/messages', { receiverId: bob.me.id, content: `message ${turn}` }, gateway).catch((err: Error) => ({ status: 0, body: err.message }));
        if (res.status === 201 && typeof res.body === 'object') sent.push(res.body.id);
        else failed.push({ startedAt, endedAt: Date.now(), ok: false, what: `${res.status} ${JSON.stringify(res.body)}` });
        // Below messaging's per-member budget (30 in 10 s).
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    })();
    cleanups.push(async () => {
      sending = false;
      await sender;
    });
    await waitFor('messages delivered live', () => live.size >= 3, 15_000);
    const killedAt = Date.now();
    await stack.kill('messaging-1', 'SIGKILL');
    await waitFor('a socket to notice', () => disconnects >= 1, 10_000);
    await waitFor('every socket to be connected again', () => sockets.every((s) => s.connected), 15_000);
    const reconnected = sent.length;
    await waitFor('messages sent after the reconnect', () => sent.length >= reconnected + 3, 15_000);
    sending = false;
    await sender;

    const refetched = await bob.browser.json<MessagePage>(`/api/messages/${ada.me.id}?limit=100`);
    const stored = new Set(refetched.body.items.map((m) => m.id));
    const lost = sent.filter((id) => !live.has(id) && !stored.has(id));
    console.log(`SIGKILL messaging-1: ${sent.length} messages sent, ${live.size} delivered live, ${lost.length} lost, ${failed.length} sends failed`);
    expect(disconnects).toBe(1);
    expect(lost).toEqual([]);
    expect(failed.filter((o) => o.startedAt >= killedAt || o.endedAt < killedAt)).toEqual([]);
  }, 90_000);

  it('should fail no request during a rolling restart of every instance, gateways included, one at a time', async () => {
    const traffic = readTraffic(ada, 2, [`/api/messages/${bob.me.id}`]);
    await flowing(traffic);
    const took: string[] = [];
    for (const instance of stack.instances) {
      const startedAt = Date.now();
      await stack.restart(instance.name);
      took.push(`${instance.name} ${Date.now() - startedAt} ms`);
      await answeredSince(traffic, Date.now(), 20);
    }
    const outcomes = await traffic.stop();
    console.log(`rolling restart: ${outcomes.length} reads, ${outcomes.filter((o) => !o.ok).length} failed; restarts took ${took.join(', ')}`);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  }, 240_000);
});

async function signIn(email: string, firstName: string): Promise<SignedIn> {
  const browser = new BrowserSession(stack.gatewayUrls[0]!);
  await signInWithDevProvider(browser, { email, firstName, lastName: 'Tester' });
  const { body: me } = await browser.json<CurrentUser>('/api/auth/user');
  return { browser, me };
}

/** A write as the web client makes it: the session cookie, the site's Origin, JSON; through any gateway. */
async function send<T>(member: SignedIn, method: string, path: string, body: unknown, gateway = stack.gatewayUrls[0]!): Promise<{ status: number; body: T }> {
  const res = await fetch(`${gateway}${path}`, {
    method,
    headers: { cookie: member.browser.cookieHeader(), origin: stack.gatewayUrls[0]!, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * Readers, each through the gateways in turn: searches and profile reads (and `extra` paths), as
 * fast as they are answered. Like a load balancer in front of the gateways, a read that reached no
 * gateway (refused or reset as one stops) goes once to the other.
 */
function readTraffic(member: SignedIn, readers = 4, extra: string[] = []): Traffic {
  const outcomes: Outcome[] = [];
  const paths = ['/api/profiles/search?q=Engineer', `/api/profiles/user/${member.me.id}`, ...extra];
  let running = true;
  const read = async (gateway: string, path: string): Promise<Response> => {
    const res = await fetch(`${gateway}${path}`, { headers: { cookie: member.browser.cookieHeader() } });
    await res.clone().arrayBuffer();
    return res;
  };
  const loops = Array.from({ length: readers }, async (_, reader) => {
    for (let n = reader; running; n++) {
      const gateways = n % 2 === 0 ? stack.gatewayUrls : [...stack.gatewayUrls].reverse();
      const path = paths[Math.floor(n / 2) % paths.length]!;
      const startedAt = Date.now();
      try {
        const res = await read(gateways[0]!, path).catch(() => read(gateways[1]!, path));
        outcomes.push({ startedAt, endedAt: Date.now(), ok: res.status === 200, what: `${res.status} ${path} via ${res.url}` });
      } catch (err) {
        outcomes.push({ startedAt, endedAt: Date.now(), ok: false, what: `${(err as Error).message} ${path}` });
      }
    }
  });
  const traffic = {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
  cleanups.push(traffic.stop);
  return traffic;
}

async function flowing(traffic: Traffic): Promise<void> {
  await waitFor('reads to flow', () => traffic.outcomes.filter((o) => o.ok).length >= 20, 15_000);
}

/** Enough reads started after `at` have been answered that every instance got its share. */
async function answeredSince(traffic: Traffic, at: number, count = 100): Promise<void> {
  await waitFor('reads after the event', () => traffic.outcomes.filter((o) => o.startedAt > at).length >= count, 30_000);
}

/** When a gateway logged that it is skipping `instance`; Infinity when it never did. */
function firstSkip(lines: string[], instance: string): number {
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { time?: number; msg?: string; instance?: string };
    if (entry.instance === instance && entry.msg?.startsWith('upstream instance is not reachable') && entry.time) return entry.time;
  }
  return Infinity;
}

/** Ada asks Bob to connect and he accepts, once social has heard of them both. */
async function connect(a: SignedIn, b: SignedIn): Promise<void> {
  const asked = await waitFor('the connection request', async () => {
    const res = await send<Connection>(a, 'POST', '/api/connections', { addresseeId: b.me.id });
    return res.status === 201 ? res.body : null;
  });
  expect((await send(b, 'PUT', `/api/connections/${asked.id}`, { status: 'accepted' })).status).toBe(200);
}

/** A socket as the web client opens it (WebSocket alone), reconnecting quickly when it drops. */
async function openSocket(member: SignedIn, gateway: string): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(gateway, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { origin: stack.gatewayUrls[0]!, cookie: member.browser.cookieHeader() },
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    timeout: 5000,
  });
  cleanups.push(() => socket.close());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return socket;
}
