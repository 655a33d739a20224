import { Redis } from 'ioredis';
import type { Logger } from '@freemarket/kit';

/** The Redis connections of one messaging instance: commands (rate limits), and the adapter's pub and sub. */
export interface RedisClients {
  commands: Redis;
  pub: Redis;
  sub: Redis;
  close(): Promise<void>;
}

export function connectRedis(url: string, logger: Logger): RedisClients {
  // Few retries per command: with Redis gone a send should not wait long on a rate limit or a fan-out.
  const commands = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableAutoPipelining: true });
  const pub = commands.duplicate();
  const sub = commands.duplicate({ maxRetriesPerRequest: null });
  for (const [name, client] of Object.entries({ commands, pub, sub })) client.on('error', (err: Error) => logger.warn({ err, client: name }, 'redis error'));
  // @NOTE the socket.io adapter publishes without catching; a failed fan-out during a Redis outage
  // must be a warning (the message is stored, clients catch up on reconnect), not an unhandled rejection.
  const publish = pub.publish.bind(pub);
  pub.publish = ((channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch((err: unknown) => {
      logger.warn({ err }, 'socket.io fan-out through redis failed');
      return 0;
    })) as typeof pub.publish;
  return {
    commands,
    pub,
    sub,
    async close() {
      await Promise.allSettled([commands, pub, sub].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
