import { createHash, randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis } from 'ioredis';
import {
  AssertionVerifier,
  IDENTITY_HEADER,
  createApp,
  createLogger,
  generateAssertionKeys,
  type Actor,
  type AssertionKeys,
} from '@freemarket/kit';
import { freePort, runTag, testInfra } from '@freemarket/testing';
import { createGateway, SERVICE_NAMES, type Gateway, type GatewayConfig, type GatewayOverrides, type ServiceName } from '../src/index.js';

export const silentLogger = createLogger('gateway-test', 'silent');

/** What an echo service saw: the actor its verifier accepted and the request as it arrived. */
export interface Echo {
  service: string;
  actor: Actor | null;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface EchoService {
  name: string;
  url: string;
  /** Every request it answered, newest last. */
  seen: Echo[];
  close(): Promise<void>;
}

/**
 * A real service built like every FreeMarket service (createApp + AssertionVerifier) that answers
 * any path with what it received. `/…/slow?ms=` waits first, `?status=` sets the status, `?size=` answers that many bytes instead; a websocket upgrade is accepted only
 * with a valid assertion (or none), and its first message echoes the handshake. It listens on
 * `port` when given, as an instance that was stopped comes back where it was.
 */
export async function startEchoService(name: string, publicKeyPem: string, port = 0): Promise<EchoService> {
  const verifier = await AssertionVerifier.fromPem(publicKeyPem);
  const app = createApp({ logger: silentLogger, verifier });
  const seen: Echo[] = [];
  // Real services take only JSON; the echo takes anything so tests can see what got through.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.all('/*', async (req, reply) => {
    const echo: Echo = { service: name, actor: req.actor, method: req.method, url: req.url, headers: req.headers, body: req.body ?? null };
    seen.push(echo);
    const query = new URL(req.url, 'http://x').searchParams;
    if (req.url.includes('/slow')) await new Promise((r) => setTimeout(r, Number(query.get('ms') ?? 0)));
    const size = Number(query.get('size') ?? 0);
    return reply.code(Number(query.get('status') ?? 200)).send(size > 0 ? 'x'.repeat(size) : echo);
  });
  // Upgraded sockets leave the HTTP server's keeping but still hold its close open.
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    void acceptWebsocket(name, verifier, req, socket);
  });
  const url = await app.listen({ host: '127.0.0.1', port });
  return {
    name,
    url,
    seen,
    close: async () => {
      for (const socket of upgraded) socket.destroy();
      await app.close();
    },
  };
}

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

async function acceptWebsocket(name: string, verifier: AssertionVerifier, req: IncomingMessage, socket: Duplex): Promise<void> {
  const token = req.headers[IDENTITY_HEADER];
  let actor: Actor | null = null;
  try {
    if (typeof token === 'string') actor = await verifier.verify(token);
  } catch {
    socket.end('HTTP/1.1 401 Unauthorized\r\nconnection: close\r\n\r\n');
    return;
  }
  const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}${WS_GUID}`).digest('base64');
  socket.write(['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Accept: ${accept}`, '', ''].join('\r\n'));
  socket.write(textFrame(JSON.stringify({ service: name, actor, url: req.url, headers: req.headers })));
  socket.on('error', () => undefined);
}

/** An unmasked text frame, as a server sends it (RFC 6455 §5.2). */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length < 126) return Buffer.concat([Buffer.from([0x81, payload.length]), payload]);
  const header = Buffer.from([0x81, 126, 0, 0]);
  header.writeUInt16BE(payload.length, 2);
  return Buffer.concat([header, payload]);
}

/** Reads one unfragmented text frame from the start of `data`, or null while it is incomplete. */
export function readTextFrame(data: Buffer): string | null {
  if (data.length < 2) return null;
  let length = data[1]! & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (data.length < 4) return null;
    length = data.readUInt16BE(2);
    offset = 4;
  }
  if (data.length < offset + length) return null;
  return data.subarray(offset, offset + length).toString('utf8');
}

/** A URL where nothing listens: connecting is refused at once. */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

export interface TestStack {
  keys: AssertionKeys;
  services: Record<ServiceName, EchoService>;
  redisPrefix: string;
  close(): Promise<void>;
}

/** One echo service per upstream, and a Redis key prefix of this run's own. */
export async function startStack(): Promise<TestStack> {
  const keys = await generateAssertionKeys();
  const entries = await Promise.all(SERVICE_NAMES.map(async (name) => [name, await startEchoService(name, keys.publicKeyPem)] as const));
  const services = Object.fromEntries(entries) as Record<ServiceName, EchoService>;
  const redisPrefix = `fm:test:gw:${runTag()}:`;
  return {
    keys,
    services,
    redisPrefix,
    async close() {
      await Promise.all(Object.values(services).map((s) => s.close()));
      await deleteRedisKeys(redisPrefix);
    },
  };
}

/** The same Redis under a key prefix of its own, for a test that needs fresh counters. */
export function redisUnder(stack: TestStack, suffix: string): GatewayConfig['redis'] {
  return { url: testInfra().redisUrl, keyPrefix: `${stack.redisPrefix}${suffix}:` };
}

export function testConfig(stack: TestStack, patch: Partial<GatewayConfig> = {}): GatewayConfig {
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((n) => [n, [stack.services[n].url]])) as Record<ServiceName, string[]>;
  return {
    service: { host: '127.0.0.1', port: 0, logLevel: 'silent' },
    workers: 1,
    publicUrl: 'http://localhost:5000',
    redis: { url: testInfra().redisUrl, keyPrefix: stack.redisPrefix },
    oidc: { issuerUrl: 'http://localhost:5000/oidc', clientId: 'freemarket-gateway', clientAuthMethod: 'client_secret_basic' },
    upstreams,
    proxy: { timeoutMs: 5000, connectTimeoutMs: 500 },
    web: { distDir: '/nonexistent/web/dist' },
    // The production default: tests see sessions through the in-process cache.
    session: { idleTimeoutMs: 3_600_000, absoluteTimeoutMs: 86_400_000, cacheMs: 2000 },
    rateLimit: { perSessionPerMinute: 10_000, perIpPerMinute: 10_000, routes: { contact: 10_000, search: 10_000, posting: 10_000, payments: 10_000 } },
    secrets: { assertionPrivateKey: stack.keys.privateKeyPem, oidcClientSecret: 'test-secret' },
    ...patch,
  };
}

export interface RunningGateway extends Gateway {
  url: string;
  /** A `cookie` header for a fresh session of `userId`. */
  signIn(userId: string): Promise<string>;
}

export async function startGateway(config: GatewayConfig, overrides: GatewayOverrides = {}): Promise<RunningGateway> {
  const gateway = await createGateway(config, { logger: silentLogger, ...overrides });
  const { url } = await gateway.start();
  const cookieName = new URL(config.publicUrl).protocol === 'https:' ? '__Host-fm.sid' : 'fm.sid';
  return Object.assign(gateway, { url, signIn: async (userId: string) => `${cookieName}=${await gateway.sessions.create(userId)}` });
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const url = testInfra().redisUrl;
  if (!url) return;
  const redis = new Redis(url);
  try {
    const stream = redis.scanStream({ match: `${prefix}*`, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/** Parses `set-cookie` headers into name → { value, attributes (lower-cased) }. */
export function parseSetCookies(response: Response): Map<string, { value: string; attributes: string[] }> {
  const out = new Map<string, { value: string; attributes: string[] }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair!.indexOf('=');
    out.set(pair!.slice(0, eq), { value: pair!.slice(eq + 1), attributes: attributes.map((a) => a.toLowerCase()) });
  }
  return out;
}

/** A GET sent with `path` exactly as written (no URL normalisation), as an attacker would send it. */
export function rawGet(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export type WebsocketOutcome = { status: 101; firstMessage: string } | { status: number; body: string };

/**
 * Opens a websocket with node's own http upgrade (no client library) and returns the first text
 * message, or the status and body the handshake was refused with.
 */
export function openWebsocket(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<WebsocketOutcome> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({
      host: hostname,
      port,
      path,
      // A refused handshake closes its connection; a pooled socket would be reused dead.
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...headers,
      },
    });
    req.on('upgrade', (_res, socket, head) => {
      let data = head;
      const onData = (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        const message = readTextFrame(data);
        if (message === null) return;
        socket.destroy();
        resolve({ status: 101, firstMessage: message });
      };
      socket.on('data', onData);
      socket.on('error', reject);
      onData(Buffer.alloc(0));
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('websocket handshake timed out')));
    req.end();
  });
}
