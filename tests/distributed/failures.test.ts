import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Connection, CurrentUser, Message, MessagePage, RewardBalance, RewardTransaction, ServerToClientEvents } from '@freemarket/contracts';
import {
  BrowserSession,
  scrapeMetrics,
  signInWithDevProvider,
  startOtlpReceiver,
  startPrivateNatsServer,
  startPrivateRedisServer,
  testInfra,
  waitFor,
  type OtlpReceiver,
  type PrivateServer,
} from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { startDistributedStack, type DistributedStack } from '../../scripts/distributed-stack.js';

/**
 * Distributed mode's promise to members: an instance that dies or stops goes unnoticed, and so
 * does a restart of NATS or Redis; to operators: one trace across the bus, and metrics per instance.
 * The platform runs as separate processes (scripts/distributed-stack.ts), one stack for the file,
 * on NATS and Redis servers of the file's own (which it kills and restarts) and the real Postgres;
 * after each test, pass or fail, its traffic and sockets stop and everything runs again.
 */

interface Outcome {
  startedAt: number;
  endedAt: number;
  ok: boolean;
  /** The answer's status; 0 when none came. */
  status: number;
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
let nats: PrivateServer;
let redis: PrivateServer;
let collector: OtlpReceiver;
let ada: SignedIn;
let bob: SignedIn;
/** What the running test started: traffic to stop, sockets to close. */
const cleanups: (() => unknown)[] = [];

needs(['postgres', 'nats-server', 'redis-server'], 'service instances as separate processes sharing a database, a NATS server and a Redis server it restarts').describe('distributed mode', () => {
  beforeAll(async () => {
    [nats, redis, collector] = await Promise.all([startPrivateNatsServer(), startPrivateRedisServer(), startOtlpReceiver()]);
    stack = await startDistributedStack({
      postgresUrl: testInfra().postgresUrl!,
      natsUrl: nats.url,
      redisUrl: redis.url,
      logLevel: process.env.TEST_LOG ?? 'warn',
      otlpEndpoint: collector.url,
      // The traffic below is one member's, far above a person's pace.
      gatewayEnv: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_SEARCH_PER_MINUTE: '1000000', RATE_LIMIT_POSTING_PER_MINUTE: '1000000' },
    });
    ada = await signIn('ada@example.com', 'Ada');
    bob = await signIn('bob@example.com', 'Bob');
    expect((await send(ada, 'POST', '/api/profiles', { title: 'Engineer' })).status).toBe(201);
  }, 400_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    for (const instance of stack.instances) if (instance.pid === undefined) await stack.restart(instance.name);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await Promise.all([nats?.dispose(), redis?.dispose(), collector?.close()]);
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

  it.each(['SIGKILL', 'SIGTERM'] as const)('should reconnect sockets to the surviving messaging instance and lose no message on %s of one', async (signal) => {
    await connectedOnce(ada, bob);
    const sockets = await socketOnEachMessagingInstance(bob);
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
        else failed.push({ startedAt, endedAt: Date.now(), ok: false, status: res.status, what: `${res.status} ${JSON.stringify(res.body)}` });
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
    await stack.kill('messaging-1', signal);
    await waitFor('a socket to notice', () => disconnects >= 1, 10_000);
    await waitFor('every socket to be connected again', () => sockets.every((s) => s.connected), 15_000);
    const reconnected = sent.length;
    await waitFor('messages sent after the reconnect', () => sent.length >= reconnected + 3, 15_000);
    sending = false;
    await sender;

    const refetched = await bob.browser.json<MessagePage>(`/api/messages/${ada.me.id}?limit=100`);
    const stored = new Set(refetched.body.items.map((m) => m.id));
    const lost = sent.filter((id) => !live.has(id) && !stored.has(id));
    console.log(`${signal} messaging-1: ${sent.length} messages sent, ${live.size} delivered live, ${lost.length} lost, ${failed.length} sends failed`);
    expect(disconnects).toBe(1);
    expect(lost).toEqual([]);
    // A killed instance may take sends in flight with it; a draining one finishes them.
    expect(failed.filter((o) => signal === 'SIGTERM' || o.startedAt >= killedAt || o.endedAt < killedAt)).toEqual([]);
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
  it('should lose no event and handle none twice when NATS is killed and restarted under traffic', async () => {
    const reviewer = await signIn('carol@example.com', 'Carol');
    const reviewees = [];
    for (let i = 0; i < 6; i++) {
      const member = await signIn(`reviewee-${i}@example.com`, `Reviewee${i}`);
      expect((await send(member, 'POST', '/api/profiles', { title: 'Carpenter' })).status).toBe(201);
      reviewees.push(member);
    }
    const review = async (member: SignedIn) =>
      expect((await send(reviewer, 'POST', '/api/reviews', { revieweeId: member.me.id, rating: 5, comment: 'Careful, tidy work' })).status).toBe(201);
    const traffic = readTraffic(ada);
    await flowing(traffic);

    await review(reviewees[0]!);
    await review(reviewees[1]!);
    await nats.kill('SIGKILL');
    cleanups.push(() => nats.restart().catch(() => undefined));
    // Every backend instance stays ready (in its Service), naming the bus as degraded.
    const backends = stack.instances.filter((i) => i.service !== 'gateway');
    const readiness = () =>
      Promise.all(backends.map(async (i) => ({ name: i.name, ...(await fetch(`${i.url}/readyz`).then(async (r) => ({ status: r.status, bus: ((await r.json()) as { checks: { bus: string } }).checks.bus }))) })));
    await waitFor('every backend instance to see NATS gone', async () => (await readiness()).every((r) => r.bus !== 'ok'), 15_000);
    expect((await readiness()).filter((r) => r.status !== 200 || !r.bus.endsWith('; events wait in the outbox'))).toEqual([]);
    // Written while NATS is away: the outbox keeps the events.
    await review(reviewees[2]!);
    await review(reviewees[3]!);
    await nats.restart();
    await review(reviewees[4]!);
    await review(reviewees[5]!);

    // Each review earns the reviewer +10 once (spec 02 §9): every event arrived, none counted twice.
    await waitFor('every review credited', async () => (await reviewer.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 60, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { body: balance } = await reviewer.browser.json<RewardBalance>('/api/rewards/balance');
    const { body: activity } = await reviewer.browser.json<{ items: RewardTransaction[] }>('/api/rewards/transactions?limit=50');
    const outcomes = await traffic.stop();
    expect(balance.balance).toBe(60);
    expect(activity.items.filter((t) => t.action === 'review').map((t) => t.amount)).toEqual([10, 10, 10, 10, 10, 10]);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  }, 120_000);

  it('should answer within a second while Redis is away, 503 rather than a hang, and keep the sessions Redis persisted', async () => {
    const traffic = readTraffic(ada);
    await flowing(traffic);
    const killedAt = Date.now();
    await redis.kill('SIGKILL');
    cleanups.push(() => redis.restart().catch(() => undefined));
    await answeredSince(traffic, killedAt, 20);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const restartedAt = Date.now();
    await redis.restart();
    // The same session cookie works again, through each gateway, once Redis is back.
    const answeredVia = (gateway: string) => traffic.outcomes.some((o) => o.startedAt > restartedAt && o.ok && o.what.includes(` via ${gateway}/`));
    await waitFor('reads answered with the session of before', () => stack.gatewayUrls.every(answeredVia), 15_000);
    const outcomes = await traffic.stop();

    const away = outcomes.filter((o) => o.startedAt >= killedAt && o.endedAt <= restartedAt);
    const slow = away.filter((o) => o.endedAt - o.startedAt >= 1000);
    console.log(`Redis away ${restartedAt - killedAt} ms: ${away.length} reads, ${away.filter((o) => o.status === 503).length} answered 503, the slowest ${Math.max(...away.map((o) => o.endedAt - o.startedAt))} ms`);
    expect(away.length).toBeGreaterThan(0);
    expect(away.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(slow).toEqual([]);
    expect(outcomes.filter((o) => o.startedAt > restartedAt + 5000 && !o.ok)).toEqual([]);
  }, 90_000);

  it('should carry one trace from the gateway through the directory, its outbox and NATS to the rewards credit', async () => {
    const reviewer = await signIn('dora@example.com', 'Dora');
    // A sampled trace of the caller's, as a browser's tracing or an edge proxy would start it.
    const traceId = randomBytes(16).toString('hex');
    const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
    const res = await send<{ id: string }>(reviewer, 'POST', '/api/reviews', { revieweeId: ada.me.id, rating: 4, comment: 'Explained everything' }, stack.gatewayUrls[0], { traceparent });
    expect(res.status).toBe(201);
    await waitFor('the review credited', async () => (await reviewer.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 10, 30_000);

    await waitFor('the credit\'s span', () => collector.spans.some((s) => s.traceId === traceId && s.service === 'rewards' && s.kind === 5), 30_000);
    const trace = collector.spans.filter((s) => s.traceId === traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const published = trace.find((s) => s.kind === 4 && s.name === 'review.created publish');
    const consumed = trace.find((s) => s.kind === 5 && s.name === 'review.created process');
    console.log(`one trace: ${trace.filter((s) => s.kind !== 1).map((s) => `${s.service}: ${s.name}`).join(', ')}`);
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['gateway', 'directory', 'rewards']));
    // Spans are named by route, not by URL.
    expect(trace.some((s) => s.service === 'gateway' && s.name.includes('/api/reviews'))).toBe(true);
    expect(published?.service).toBe('directory');
    expect(consumed && byId.get(consumed.parentSpanId ?? '')).toBe(published);
  }, 90_000);

  it("should show an operator each instance's share of the work and health on its /metrics", async () => {
    const traffic = readTraffic(ada);
    await flowing(traffic);
    await answeredSince(traffic, Date.now(), 60);
    await traffic.stop();
    const served = async (name: string) => {
      const scrape = await scrapeMetrics(`${stack.instance(name).url}/metrics`);
      expect(scrape.status).toBe(200);
      return scrape.value('http_request_duration_seconds_count', { method: 'GET', route: '/api/profiles/search', status: '200' }) ?? 0;
    };
    // Both directory instances answered searches: the gateways share the work.
    expect(await served('directory-1')).toBeGreaterThan(0);
    expect(await served('directory-2')).toBeGreaterThan(0);
    // The second gateway: the first answers at the public address, where /metrics is not served.
    const gateway = await scrapeMetrics(`${stack.instance('gateway-2').url}/metrics`);
    for (const name of ['directory-1', 'directory-2']) expect(gateway.value('gateway_upstream_up', { service: 'directory', instance: stack.instance(name).url })).toBe(1);
    const rewards = await scrapeMetrics(`${stack.instance('rewards-1').url}/metrics`);
    expect(rewards.families.get('bus_consumer_pending_events')).toBe('gauge');
    expect(rewards.families.get('outbox_unsent_events')).toBe('gauge');
    const messaging = await scrapeMetrics(`${stack.instance('messaging-1').url}/metrics`);
    expect(messaging.families.get('socketio_connected_sockets')).toBe('gauge');
  }, 60_000);
});

async function signIn(email: string, firstName: string): Promise<SignedIn> {
  const browser = new BrowserSession(stack.gatewayUrls[0]!);
  await signInWithDevProvider(browser, { email, firstName, lastName: 'Tester' });
  const { body: me } = await browser.json<CurrentUser>('/api/auth/user');
  return { browser, me };
}

/** A write as the web client makes it: the session cookie, the site's Origin, JSON; through any gateway. */
async function send<T>(member: SignedIn, method: string, path: string, body: unknown, gateway = stack.gatewayUrls[0]!, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${gateway}${path}`, {
    method,
    headers: { cookie: member.browser.cookieHeader(), origin: stack.gatewayUrls[0]!, 'content-type': 'application/json', ...headers },
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
        outcomes.push({ startedAt, endedAt: Date.now(), ok: res.status === 200, status: res.status, what: `${res.status} ${path} via ${res.url}` });
      } catch (err) {
        outcomes.push({ startedAt, endedAt: Date.now(), ok: false, status: 0, what: `${(err as Error).message} ${path}` });
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

const connected = new Map<string, Promise<void>>();

/** `connect`, once for the pair across the file's tests. */
function connectedOnce(a: SignedIn, b: SignedIn): Promise<void> {
  const key = `${a.me.id}:${b.me.id}`;
  if (!connected.has(key)) connected.set(key, connect(a, b));
  return connected.get(key)!;
}

/** Ada asks Bob to connect and he accepts, once social has heard of them both. */
async function connect(a: SignedIn, b: SignedIn): Promise<void> {
  const asked = await waitFor('the connection request', async () => {
    const res = await send<Connection>(a, 'POST', '/api/connections', { addresseeId: b.me.id });
    return res.status === 201 ? res.body : null;
  });
  expect((await send(b, 'PUT', `/api/connections/${asked.id}`, { status: 'accepted' })).status).toBe(200);
}

/**
 * One of `member`'s sockets on each messaging instance, through the first gateway. Upgrades go to
 * the instances in turn, but an instance restarted after the test before is passed over until the
 * gateway's cool-down for it ends, so a socket that lands beside another is closed and tried again.
 */
async function socketOnEachMessagingInstance(member: SignedIn): Promise<ClientSocket[]> {
  const instances = ['messaging-1', 'messaging-2'];
  const socketsOn = async (name: string) => (await scrapeMetrics(`${stack.instance(name).url}/metrics`)).value('socketio_connected_sockets') ?? 0;
  const counts = () => Promise.all(instances.map(socketsOn));
  const placed = new Map<string, ClientSocket>();
  const deadline = Date.now() + 45_000;
  while (placed.size < instances.length) {
    if (Date.now() > deadline) throw new Error(`no socket reached ${instances.filter((i) => !placed.has(i)).join(' and ')} through the gateway`);
    const before = await counts();
    const socket = await openSocket(member, stack.gatewayUrls[0]!);
    const after = await waitFor('the socket to be counted', async () => {
      const now = await counts();
      return now.some((n, i) => n > before[i]!) ? now : null;
    });
    const landedOn = instances[after.findIndex((n, i) => n > before[i]!)]!;
    if (placed.has(landedOn)) {
      socket.close();
      await waitFor('the extra socket to be gone', async () => (await socketsOn(landedOn)) === after[instances.indexOf(landedOn)]! - 1);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } else placed.set(landedOn, socket);
  }
  return instances.map((i) => placed.get(i)!);
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
