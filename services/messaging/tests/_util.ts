import { Redis } from 'ioredis';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@freemarket/contracts';
import { createLogger } from '@freemarket/kit';
import { runTag, startServiceForTest, testInfra, type ServiceUnderTest, seedMembers as seedMembersIn, type Member } from '@freemarket/testing';
import { createMessagingService, loadMessagingConfig } from '../src/index.js';
import { users } from '../src/db/schema/index.js';

export type MessagingService = Awaited<ReturnType<typeof createMessagingService>>;
export type MessagingUnderTest = ServiceUnderTest<MessagingService> & { redisKeyPrefix: string };
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const PUBLIC_URL = 'http://localhost:5000';

/** One messaging instance on a fresh database, its own bus names and its own Redis key prefix. */
export async function startMessaging(env: Record<string, string> = {}): Promise<MessagingUnderTest> {
  const redisKeyPrefix = `fm:test:msg:${runTag()}:`;
  const sut = await startServiceForTest({
    name: 'messaging',
    create: createMessagingService,
    loadConfig: loadMessagingConfig,
    env: { PUBLIC_URL, REDIS_KEY_PREFIX: redisKeyPrefix, ...env },
  });
  return Object.assign(sut, { redisKeyPrefix });
}

/** Another instance of the same service: same database, bus and Redis prefix (a second replica). */
export async function startReplica(sut: MessagingUnderTest): Promise<{ service: MessagingService; url: string }> {
  const logger = createLogger('messaging', process.env.TEST_LOG ?? 'silent');
  const overrides = testInfra().natsUrl ? { logger } : { logger, bus: sut.bus };
  const service = await createMessagingService(sut.config, overrides);
  const { url } = await service.start();
  return { service, url };
}

export type { Member };

/** Announces members as identity would, and waits until the users projection has them all. */
export function seedMembers(sut: MessagingUnderTest, ...firstNames: string[]): Promise<Member[]> {
  return seedMembersIn(sut, users, ...firstNames);
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls a service or the gateway; `auth` is the identity header (service) or the session cookie (gateway). */
export async function call<T = unknown>(baseUrl: string, auth: Record<string, string>, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...auth };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** Every event a socket received, in order, with its arguments. */
export interface Received {
  events: Array<{ event: string; args: unknown[] }>;
  /** The first argument of each `event`. */
  of<E extends keyof ServerToClientEvents>(event: E): Array<Parameters<ServerToClientEvents[E]>[0]>;
  /** The arguments of each `event`. */
  argsOf<E extends keyof ServerToClientEvents>(event: E): Array<Parameters<ServerToClientEvents[E]>>;
}

export interface OpenedSocket {
  socket: ClientSocket;
  received: Received;
}

/** A socket.io client as the web client opens it (websocket only), recording what it receives. */
export async function openSocket(baseUrl: string, headers: Record<string, string>): Promise<OpenedSocket> {
  const socket: ClientSocket = connectSocket(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  const events: Received['events'] = [];
  socket.onAny((event: string, ...args: unknown[]) => events.push({ event, args }));
  const received: Received = {
    events,
    of: (event) => events.filter((e) => e.event === event).map((e) => e.args[0]) as never,
    argsOf: (event) => events.filter((e) => e.event === event).map((e) => e.args) as never,
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return { socket, received };
}

/** Why a socket could not connect: the connect_error's message. */
export async function refusal(baseUrl: string, headers: Record<string, string>): Promise<string> {
  try {
    const { socket } = await openSocket(baseUrl, headers);
    socket.close();
    return 'connected';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Removes a test run's Redis keys (rate-limit windows outlive the run otherwise). */
export async function deleteRedisKeys(prefix: string | undefined): Promise<void> {
  const url = testInfra().redisUrl;
  if (!url || !prefix) return;
  const redis = new Redis(url);
  try {
    const stream = redis.scanStream({ match: `${prefix}*`, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
