import type { ClientToServerEvents, Connection, CurrentUser, ServerToClientEvents } from '@freemarket/contracts';
import { BrowserSession, signInWithDevProvider, waitFor } from '@freemarket/testing';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startDistributedStack, type DistributedStack } from '../../scripts/distributed-stack.js';
import { figures, httpLoad, type Figures } from '../load.js';
import { machineLine } from '../machine.js';
import { procStat } from '../proc-stat.js';

/**
 * One instance against two, side by side in one run: the platform as its containers run it
 * (scripts/distributed-stack.ts), searches and profile reads through both gateways, then messages
 * between members whose sockets are spread over the messaging instances. Each is measured with two
 * instances, with the second stopped (SIGTERM), and with it started again.
 * `flock /tmp/fm-bench.lock node --import tsx bench/distributed/run.ts`; BENCH_DURATION (s),
 * BENCH_CONNECTIONS, BENCH_PAIRS, BENCH_SENDERS and DATABASE_URL / NATS_URL / REDIS_URL tune it.
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 16);
const TITLES = ['Engineer', 'Electrician', 'Plumber', 'Baker', 'Gardener', 'Tutor', 'Carpenter', 'Painter'];

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Member {
  session: BrowserSession;
  me: CurrentUser;
}
interface Phase {
  what: string;
  figures: Figures;
  /** CPU ms each instance of the measured service used over the phase. */
  cpuMs: Record<string, number>;
  delivered?: number;
}

const stack = await startDistributedStack({
  postgresUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  logLevel: 'warn',
  // Many requests a second from few sessions: far above a person's pace.
  gatewayEnv: { RATE_LIMIT_PER_MINUTE: '10000000', RATE_LIMIT_IP_PER_MINUTE: '10000000', RATE_LIMIT_SEARCH_PER_MINUTE: '10000000', RATE_LIMIT_POSTING_PER_MINUTE: '10000000' },
});
const sockets: ClientSocket[] = [];
try {
  console.log(`${await machineLine()}\n${DURATION} s a phase; search at ${CONNECTIONS} connections; messages from ${SENDERS} senders over ${PAIRS} pairs of members\n`);
  const members = await signInMembers(PAIRS * 2);
  await createProfiles(members);
  const search = await measureSearch(stack, members);
  const messaging = await measureMessaging(stack, members);
  printTable('Search and profile reads through both gateways', search);
  printTable('Messages sent through both gateways, each delivered to a socket', messaging);
} finally {
  for (const s of sockets) s.close();
  await stack.stop();
}

async function signInMembers(count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
        const session = new BrowserSession(stack.gatewayUrls[0]!);
        await signInWithDevProvider(session, { email: `bench.${i + j}@example.com`, firstName: `Member${i + j}`, lastName: 'Bench' });
        const { body: me } = await session.json<CurrentUser>('/api/auth/user');
        return { session, me };
      }),
    );
    members.push(...batch);
  }
  return members;
}

async function createProfiles(members: Member[]): Promise<void> {
  for (const [n, m] of members.entries()) {
    const res = await write(m, 'POST', '/api/profiles', {
      title: TITLES[n % TITLES.length],
      bio: `${TITLES[n % TITLES.length]} in the neighbourhood.`,
      latitude: 37.7749 + ((n % 20) - 10) / 500,
      longitude: -122.4194 + (Math.floor(n / 20) - 5) / 500,
    });
    if (res.status !== 201) throw new Error(`creating a profile answered ${res.status}`);
  }
}

/** A write as the web client makes it: the session cookie, the site's Origin, JSON. */
async function write<T>(member: Member, method: string, path: string, body: unknown, gateway = stack.gatewayUrls[0]!): Promise<{ status: number; body: T }> {
  const res = await fetch(`${gateway}${path}`, {
    method,
    headers: { cookie: member.session.cookieHeader(), origin: stack.gatewayUrls[0]!, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

function cpuOf(service: string): Record<string, number> {
  const now: Record<string, number> = {};
  for (const i of stack.instances) if (i.service === service && i.pid !== undefined) now[i.name] = procStat(i.pid)?.cpuMs ?? 0;
  return now;
}

function cpuSince(before: Record<string, number>, service: string): Record<string, number> {
  const after = cpuOf(service);
  return Object.fromEntries(Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]));
}

/** Runs `measure` with both instances of `service`, with the second stopped, and with it started again. */
async function oneAgainstTwo(service: 'directory' | 'messaging', measure: (what: string) => Promise<Phase>): Promise<Phase[]> {
  const phases = [await measure('two instances')];
  await stack.kill(`${service}-2`, 'SIGTERM');
  phases.push(await measure('one instance'));
  await stack.restart(`${service}-2`);
  phases.push(await measure('two instances again'));
  return phases;
}

async function measureSearch(stack: DistributedStack, members: Member[]): Promise<Phase[]> {
  const reader = members[0]!;
  const paths = [...TITLES.map((t) => `/api/profiles/search?q=${t}`), ...members.slice(0, 8).map((m) => `/api/profiles/user/${m.me.id}`)];
  const headers = { cookie: reader.session.cookieHeader() };
  await httpLoad(stack.gatewayUrls[0]!, paths, headers, CONNECTIONS / 2, 3);
  return oneAgainstTwo('directory', async (what) => {
    const before = cpuOf('directory');
    const latencies: number[] = [];
    const runs = await Promise.all(stack.gatewayUrls.map((url) => httpLoad(url, paths, headers, CONNECTIONS / stack.gatewayUrls.length, DURATION, latencies)));
    const failures = runs.reduce((sum, r) => sum + r.failures, 0);
    return { what, figures: figures(latencies, DURATION, failures, 0), cpuMs: cpuSince(before, 'directory') };
  });
}

async function measureMessaging(stack: DistributedStack, members: Member[]): Promise<Phase[]> {
  const pairs = Array.from({ length: PAIRS }, (_, i) => ({ sender: members[2 * i]!, receiver: members[2 * i + 1]! }));
  for (const { sender, receiver } of pairs) await connect(sender, receiver);
  const delivered = new Set<string>();
  // Consecutive upgrades through one gateway go to the messaging instances in turn.
  for (const [n, { receiver }] of pairs.entries()) {
    const socket = await openSocket(receiver, stack.gatewayUrls[n % stack.gatewayUrls.length]!);
    socket.on('message:new', (entry) => delivered.add(entry.id));
  }
  // Each member may send MESSAGE_SEND_LIMIT (30 in 10 s); the senders take the pairs in turn.
  let next = 0;
  return oneAgainstTwo('messaging', async (what) => {
    await waitFor('every socket connected', () => sockets.every((s) => s.connected), 30_000);
    const before = cpuOf('messaging');
    const sent: string[] = [];
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + DURATION * 1000;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (performance.now() < deadline) {
          const n = next++;
          const { sender, receiver } = pairs[n % pairs.length]!;
          const started = performance.now();
          const res = await write<{ id: string }>(sender, 'POST', '/api/messages', { receiverId: receiver.me.id, content: `Message ${n}` }, stack.gatewayUrls[n % 2]!);
          if (res.status === 201) {
            latencies.push(performance.now() - started);
            sent.push(res.body.id);
          } else failures++;
        }
      }),
    );
    await waitFor('the last messages delivered', () => sent.every((id) => delivered.has(id)), 10_000).catch(() => undefined);
    const live = sent.filter((id) => delivered.has(id)).length;
    return { what, figures: figures(latencies, DURATION, failures, 0), cpuMs: cpuSince(before, 'messaging'), delivered: live };
  });
}

async function connect(a: Member, b: Member): Promise<void> {
  const asked = await waitFor('the connection request', async () => {
    const res = await write<Connection>(a, 'POST', '/api/connections', { addresseeId: b.me.id });
    return res.status === 201 ? res.body : null;
  });
  const accepted = await write(b, 'PUT', `/api/connections/${asked.id}`, { status: 'accepted' });
  if (accepted.status !== 200) throw new Error(`accepting a connection answered ${accepted.status}`);
}

async function openSocket(member: Member, gateway: string): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(gateway, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { origin: stack.gatewayUrls[0]!, cookie: member.session.cookieHeader() },
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

function printTable(title: string, phases: Phase[]): void {
  console.log(`\n${title}\n`);
  console.log('| | requests/s | p50 ms | p95 ms | p99 ms | failed | CPU ms/request by instance | delivered live |');
  console.log('|---|---:|---:|---:|---:|---:|---|---:|');
  for (const p of phases) {
    const cpu = Object.entries(p.cpuMs)
      .map(([name, ms]) => `${name} ${(ms / Math.max(1, p.figures.count)).toFixed(2)}`)
      .join(', ');
    const live = p.delivered === undefined ? '–' : `${p.delivered} of ${p.figures.count}`;
    console.log(`| ${p.what} | ${p.figures.rps.toFixed(0)} | ${p.figures.p50.toFixed(1)} | ${p.figures.p95.toFixed(1)} | ${p.figures.p99.toFixed(1)} | ${p.figures.failures} | ${cpu} | ${live} |`);
  }
  const [two, one] = phases;
  if (two && one) console.log(`\nOne instance against two: ${(one.figures.rps / two.figures.rps).toFixed(2)}× the requests/s, p95 ${(one.figures.p95 / two.figures.p95).toFixed(2)}×`);
}
