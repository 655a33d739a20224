import { z } from 'zod';
import { readAssertionPublicKeys } from './assertion.js';
import { databaseUrl, natsUrl, parseConfig, portFromEnv, readEnvVars, redisUrl, booleanFromEnv } from './config.js';

/** What every service needs, whatever it does. Only `readServiceEnv` touches `process.env`. */
export interface ServiceConfig {
  service: { name: string; host: string; port: number; logLevel: string };
  /** `sessionSettings`: Postgres settings the service's statements are tuned for (see `openDatabase`). */
  db: { url: string; poolMax: number; migrate: boolean; sessionSettings?: Record<string, string> };
  /** `concurrency`: deliveries in hand per subject (NATS only); the bus's default when left out. */
  bus: { natsUrl: string | null; stream: string; subjectPrefix: string; concurrency?: number };
  redisUrl: string | null;
  /** `assertionPublicKey`: one or more SPKI PEM keys, one after another (old and new during a rotation). */
  auth: { assertionPublicKey: string };
}

const ENV_NAMES = [
  'HOST',
  'PORT',
  'LOG_LEVEL',
  'DATABASE_URL',
  'DB_POOL_MAX',
  'DB_MIGRATE',
  'NATS_URL',
  'BUS_STREAM',
  'BUS_SUBJECT_PREFIX',
  'REDIS_URL',
  'ASSERTION_PUBLIC_KEY',
  'NODE_ENV',
] as const;

/**
 * A service on a shared bus (NATS_URL) or in production (NODE_ENV=production, as the image sets)
 * is one of several processes: an embedded database of its own there would be a private copy of
 * the service's data that no other instance sees. So DATABASE_URL must name the database;
 * `pglite:` stays possible when asked for by name.
 */
const DATABASE_URL_REQUIRED =
  "is missing: with NATS_URL set or NODE_ENV=production, name the service's database (postgres://…); the embedded default under ./data is for local mode only";

const envSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: portFromEnv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string({ error: DATABASE_URL_REQUIRED }).pipe(databaseUrl),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DB_MIGRATE: booleanFromEnv.default(true),
  NATS_URL: natsUrl.optional(),
  BUS_STREAM: z.string().regex(/^[A-Za-z0-9_-]+$/).default('FREEMARKET'),
  BUS_SUBJECT_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]+$/).default('freemarket'),
  REDIS_URL: redisUrl.optional(),
  ASSERTION_PUBLIC_KEY: z.string().superRefine((text, ctx) => {
    try {
      readAssertionPublicKeys(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `must be the gateway's Ed25519 public key(s) as SPKI PEM: ${(err as Error).message}` });
    }
  }),
});

/**
 * Reads and validates a service's environment; the error lists every missing or bad variable.
 * `defaults`: the service's port, and its pool size where 10 does not suit it. Without
 * DATABASE_URL a service runs on an embedded database under ./data (local mode), unless it is on
 * NATS or in production, where DATABASE_URL is required.
 */
export function loadServiceConfig(name: string, defaults: { port: number; poolMax?: number }, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const raw = readEnvVars(ENV_NAMES, env);
  const distributed = raw.NATS_URL !== undefined || raw.NODE_ENV === 'production';
  const parsed = parseConfig(envSchema, {
    ...raw,
    PORT: raw.PORT ?? String(defaults.port),
    DB_POOL_MAX: raw.DB_POOL_MAX ?? (defaults.poolMax === undefined ? undefined : String(defaults.poolMax)),
    DATABASE_URL: raw.DATABASE_URL ?? (distributed ? undefined : `pglite:./data/${name}`),
    // PEM in env files is often written with literal \n.
    ASSERTION_PUBLIC_KEY: raw.ASSERTION_PUBLIC_KEY?.replaceAll('\\n', '\n'),
  });
  return {
    service: { name, host: parsed.HOST, port: parsed.PORT, logLevel: parsed.LOG_LEVEL },
    db: { url: parsed.DATABASE_URL, poolMax: parsed.DB_POOL_MAX, migrate: parsed.DB_MIGRATE },
    bus: { natsUrl: parsed.NATS_URL ?? null, stream: parsed.BUS_STREAM, subjectPrefix: parsed.BUS_SUBJECT_PREFIX },
    redisUrl: parsed.REDIS_URL ?? null,
    auth: { assertionPublicKey: parsed.ASSERTION_PUBLIC_KEY },
  };
}
