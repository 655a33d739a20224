import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/**
 * What a listener hears on a channel (Postgres LISTEN/NOTIFY), for state kept in step with the
 * database, such as a cache. Notifications arrive after their transaction commits, in commit order.
 */
export interface NotificationHandlers {
  /** One notification's payload. */
  notify(payload: string): void;
  /** Notifications flow from now on; anything derived while they did not may have missed some. */
  listening(): void;
  /** The connection was lost: notifications sent from now until the next `listening` are lost. */
  lost(): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** How often a Postgres listener checks its connection, and how long it waits for its own heartbeat. */
export interface HeartbeatOptions {
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * Every HEARTBEAT_MS the listener notifies its own channel and expects to hear itself within
 * HEARTBEAT_TIMEOUT_MS: a connection that went quiet (a network path that drops packets, a pooler
 * that lost the LISTEN) would otherwise look alive while notifications are lost. Heartbeats, ours
 * and other instances', are never passed on.
 */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;
const HEARTBEAT_CHECK_MS = 1_000;
const HEARTBEAT = '~heartbeat ';

/**
 * LISTEN on a connection of its own (not the pool's: a pooled connection is shared and may be
 * replaced). A lost connection, or one that no longer hears its own heartbeat, is reported, then
 * retried with backoff until `close`. It needs a session of its own: not through a pooler in
 * transaction mode.
 */
export async function listenPostgres(connectionString: string, channel: string, handlers: NotificationHandlers, options: HeartbeatOptions = {}): Promise<Listener> {
  const { heartbeatMs = HEARTBEAT_MS, heartbeatTimeoutMs = HEARTBEAT_TIMEOUT_MS } = options;
  assertChannel(channel);
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_FIRST_MS;

  const lose = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    // Not end(): on a connection gone quiet it waits for an answer that never comes.
    client.connection.stream.destroy();
    handlers.lost();
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };
  const connect = async () => {
    // Named, so an operator sees it in pg_stat_activity for what it is.
    const client = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: `listen:${channel}` });
    let awaited: { token: string; since: number } | undefined;
    client.on('notification', (message) => {
      if (current !== client || message.channel !== channel) return;
      const payload = message.payload ?? '';
      if (!payload.startsWith(HEARTBEAT)) return handlers.notify(payload);
      if (payload === awaited?.token) awaited = undefined;
    });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      client.end().catch(() => undefined);
      schedule();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = RETRY_FIRST_MS;
    let lastSent = Date.now();
    const heartbeat = setInterval(() => {
      if (current !== client) return clearInterval(heartbeat);
      if (awaited) {
        if (Date.now() - awaited.since >= heartbeatTimeoutMs) lose(client);
        return;
      }
      if (Date.now() - lastSent < heartbeatMs) return;
      lastSent = Date.now();
      awaited = { token: `${HEARTBEAT}${randomUUID()}`, since: lastSent };
      client.query('select pg_notify($1, $2)', [channel, awaited.token]).catch(() => lose(client));
    }, Math.min(HEARTBEAT_CHECK_MS, heartbeatMs));
    heartbeat.unref();
    handlers.listening();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/** PGlite runs in this process: its notifications cannot be lost. */
export async function listenPglite(client: PGlite, channel: string, handlers: NotificationHandlers): Promise<Listener> {
  assertChannel(channel);
  const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
  handlers.listening();
  return {
    async close() {
      if (!client.closed) await unlisten();
    },
  };
}

function assertChannel(channel: string): void {
  // The channel is written into the LISTEN statement, which takes no bound parameters.
  if (!CHANNEL.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
}
