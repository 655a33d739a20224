import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Whether something usable answers at an address. A probe resolves when it does and rejects with
 * the reason when it does not. Every probe gives up after `timeoutMs`: a local service answers in
 * milliseconds and a closed port refuses at once, so a short wait costs nothing and a filtered
 * port cannot stall the start of a run.
 */
export type Probe = (url: string, timeoutMs: number) => Promise<void>;

/** Postgres: a connection and `select 1`, as the user in the URL. */
export const probePostgres: Probe = async (url, timeoutMs) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** NATS with JetStream: the bus needs streams, so a core-only server does not count. */
export const probeNats: Probe = async (url, timeoutMs) => {
  const nc = await connect({ servers: url, timeout: timeoutMs, reconnect: false });
  try {
    // The account info request is answered only where JetStream is enabled.
    const jsm = await jetstreamManager(nc, { timeout: timeoutMs });
    await jsm.getAccountInfo();
  } finally {
    await nc.close().catch(() => undefined);
  }
};

/** Redis: PING answered with PONG. */
export const probeRedis: Probe = async (url, timeoutMs) => {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // ioredis rejects a refused connection with "Connection is closed."; the socket's own error says why.
  let socketError: unknown;
  redis.on('error', (err: unknown) => (socketError ??= err));
  try {
    await redis.connect().catch((err: unknown) => {
      throw socketError ?? err;
    });
    const answer = await redis.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } finally {
    redis.disconnect();
  }
};

/** Debian installs nats-server to /usr/sbin, which an ordinary user's PATH may leave out. */
const SYSTEM_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** The path of an executable named `name` on PATH or in the system directories, or null. */
export function findExecutable(name: string, path: string = process.env.PATH ?? ''): string | null {
  const dirs = [...path.split(delimiter).filter(Boolean), ...SYSTEM_DIRS];
  for (const dir of dirs) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; try the next directory.
    }
  }
  return null;
}
