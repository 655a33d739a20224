import { z } from 'zod';
import { loadServiceConfig, parseConfig, readEnvVars, type ServiceConfig } from '@freemarket/kit';

/** The extras may be left out (the platform launcher passes the common config): defaults apply. */
export interface MessagingConfig extends ServiceConfig {
  /** The site's origin: a socket handshake whose Origin is anything else is refused. */
  publicOrigin?: string;
  /** Prefix of this service's Redis keys and of the socket.io adapter's channels. */
  redisKeyPrefix?: string;
}

export const MESSAGING_DEFAULTS = { publicOrigin: 'http://localhost:5000', redisKeyPrefix: 'fm:msg:' } as const;

const envSchema = z.object({
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(MESSAGING_DEFAULTS.publicOrigin),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/).default(MESSAGING_DEFAULTS.redisKeyPrefix),
});

export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  const base = loadServiceConfig('messaging', { port: 5004 }, env);
  const parsed = parseConfig(envSchema, readEnvVars(['PUBLIC_URL', 'REDIS_KEY_PREFIX'], env));
  return { ...base, publicOrigin: new URL(parsed.PUBLIC_URL).origin, redisKeyPrefix: parsed.REDIS_KEY_PREFIX };
}
