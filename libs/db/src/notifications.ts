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
  /**
   * Resolves true once every notification committed before the call has been passed on (the
   * listener notifies itself and waits for its own notification: Postgres delivers in commit
   * order); false if the connection is lost first.
   */
  sync(): Promise<boolean>;
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
/** The listener's own notifications (heartbeats, syncs) start with this; they are never passed on. */
const ECHO = '~echo ';

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
    for (const settle of echoes.values()) settle(false);
    echoes.clear();
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
  /** Echoes sent on the current connection and not heard back yet: token → settle. */
  const echoes = new Map<string, (heard: boolean) => void>();
  /** Notifies the channel from the listener's own connection; resolves true when that comes back. */
  const echo = (client: pg.Client): Promise<boolean> =>
    new Promise((resolve) => {
      const token = `${ECHO}${randomUUID()}`;
      echoes.set(token, resolve);
      // One round trip, committed without waiting for the disk: nothing is stored. The channel is
      // checked plain (assertChannel) and the token is ours, so both go in as literals.
      client.query(`begin; set local synchronous_commit = off; select pg_notify('${channel}', '${token}'); commit`).catch(() => lose(client));
    });
  const connect = async () => {
    // Named, so an operator sees it in pg_stat_activity for what it is.
    const client = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: `listen:${channel}` });
    client.on('notification', (message) => {
      if (current !== client || message.channel !== channel) return;
      const payload = message.payload ?? '';
      if (!payload.startsWith(ECHO)) return handlers.notify(payload);
      echoes.get(payload)?.(true);
      echoes.delete(payload);
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
    let awaitedSince: number | undefined;
    const heartbeat = setInterval(() => {
      if (current !== client) return clearInterval(heartbeat);
      if (awaitedSince !== undefined) {
        if (Date.now() - awaitedSince >= heartbeatTimeoutMs) lose(client);
        return;
      }
      if (Date.now() - lastSent < heartbeatMs) return;
      lastSent = awaitedSince = Date.now();
      void echo(client).then((heard) => {
        if (heard) awaitedSince = undefined;
      });
    }, Math.min(HEARTBEAT_CHECK_MS, heartbeatMs));
    heartbeat.unref();
    handlers.listening();
  };

  await connect();
  return {
    sync() {
      return current ? echo(current) : Promise.resolve(false);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      for (const settle of echoes.values()) settle(false);
      echoes.clear();
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
    // A statement's notifications are passed on before its promise resolves.
    sync: () => Promise.resolve(true),
    async close() {
      if (!client.closed) await unlisten();
    },
  };
}

function assertChannel(channel: string): void {
  // The channel is written into the LISTEN statement, which takes no bound parameters.
  if (!CHANNEL.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
}
