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

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * LISTEN on a connection of its own (not the pool's: a pooled connection is shared and may be
 * replaced). A lost connection is reported, then retried with backoff until `close`.
 */
export async function listenPostgres(connectionString: string, channel: string, handlers: NotificationHandlers): Promise<Listener> {
  assertChannel(channel);
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_FIRST_MS;

  const lose = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    client.end().catch(() => undefined);
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
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (current === client && message.channel === channel) handlers.notify(message.payload ?? '');
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
