import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseConfig, portFromEnv, readEnvVars, redisUrl } from '@freemarket/kit';
import { cpuCount } from './cpu-limit.js';
import { SERVICE_NAMES, type RouteBudgetName, type ServiceName } from './proxy/routing-table.js';

/** Secrets kept apart so nothing logs the whole config by accident. */
export interface GatewaySecrets {
  /** PKCS8 PEM of the Ed25519 key that signs identity assertions. */
  assertionPrivateKey: string;
  oidcClientSecret: string;
}

/** How the gateway authenticates at the token endpoint; must match the client's registration. */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post';

export interface GatewayConfig {
  service: { host: string; port: number; logLevel: string };
  /** Processes `bin.ts` runs on the one port (node:cluster); 1 means no cluster. */
  workers: number;
  /** The origin browsers use; cookies, redirects and the Origin check derive from it. */
  publicUrl: string;
  redis: { url: string | null; keyPrefix: string };
  oidc: { issuerUrl: string; clientId: string; clientAuthMethod: ClientAuthMethod };
  /** Each service's instances; requests and websocket upgrades go round robin over them. */
  upstreams: Record<ServiceName, string[]>;
  proxy: { timeoutMs: number; connectTimeoutMs: number };
  web: { distDir: string };
  /** `cacheMs`: how long a process reuses a resolved session before asking the store again (0: never). */
  session: { idleTimeoutMs: number; absoluteTimeoutMs: number; cacheMs: number };
  /** `routes`: the budgets of `ROUTE_BUDGETS` (contact form, search, posting, payments). */
  rateLimit: { perSessionPerMinute: number; perIpPerMinute: number; routes: Record<RouteBudgetName, number> };
  secrets: GatewaySecrets;
}

const UPSTREAM_ENV = {
  identity: 'IDENTITY_URL',
  directory: 'DIRECTORY_URL',
  social: 'SOCIAL_URL',
  messaging: 'MESSAGING_URL',
  commerce: 'COMMERCE_URL',
  rewards: 'REWARDS_URL',
} as const satisfies Record<ServiceName, string>;

const ENV_NAMES = [
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'GATEWAY_WORKERS',
  'PUBLIC_URL',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'OIDC_ISSUER_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_CLIENT_AUTH_METHOD',
  'ASSERTION_PRIVATE_KEY',
  ...Object.values(UPSTREAM_ENV),
  'UPSTREAM_TIMEOUT_MS',
  'UPSTREAM_CONNECT_TIMEOUT_MS',
  'WEB_DIST_DIR',
  'SESSION_IDLE_TIMEOUT',
  'SESSION_ABSOLUTE_TIMEOUT',
  'SESSION_CACHE_MS',
  'RATE_LIMIT_PER_MINUTE',
  'RATE_LIMIT_IP_PER_MINUTE',
  'RATE_LIMIT_CONTACT_PER_MINUTE',
  'RATE_LIMIT_SEARCH_PER_MINUTE',
  'RATE_LIMIT_POSTING_PER_MINUTE',
  'RATE_LIMIT_PAYMENTS_PER_MINUTE',
] as const;

export type GatewayEnv = Partial<Record<(typeof ENV_NAMES)[number], string>>;

/** The only place the gateway reads `process.env`. */
export function readGatewayEnv(env: NodeJS.ProcessEnv = process.env): GatewayEnv {
  return readEnvVars(ENV_NAMES, env);
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** Accepted only with the built-in development provider, which registers the same value. */
export const DEV_CLIENT_SECRET = 'dev-secret';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((v) => v.replace(/\/+$/, ''));
const origin = httpUrl.refine((v) => new URL(v).pathname === '/', 'must be an origin without a path, e.g. https://freemarket.example');
const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);
/** One URL, or a comma-separated list of a service's instances. */
const httpUrls = z
  .string()
  .transform((v) => v.split(',').map((u) => u.trim()).filter(Boolean))
  .pipe(z.array(httpUrl, { error: 'must be http(s) URLs, separated by commas' }).min(1, 'must name at least one http(s) URL'));

const envSchema = z
  .object({
    PORT: portFromEnv.default(5000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    GATEWAY_WORKERS: positiveInt(256).optional(),
    PUBLIC_URL: origin.default('http://localhost:5000'),
    REDIS_URL: redisUrl.optional(),
    REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/).default('fm:gw:'),
    OIDC_ISSUER_URL: httpUrl.optional(),
    OIDC_CLIENT_ID: z.string().min(1).default('freemarket-gateway'),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_CLIENT_AUTH_METHOD: z.enum(['client_secret_basic', 'client_secret_post']).default('client_secret_basic'),
    ASSERTION_PRIVATE_KEY: z.string().includes('BEGIN PRIVATE KEY', { message: 'must be the assertion signing key as PKCS8 PEM' }),
    IDENTITY_URL: httpUrls.default(['http://127.0.0.1:5001']),
    DIRECTORY_URL: httpUrls.default(['http://127.0.0.1:5002']),
    SOCIAL_URL: httpUrls.default(['http://127.0.0.1:5003']),
    MESSAGING_URL: httpUrls.default(['http://127.0.0.1:5004']),
    COMMERCE_URL: httpUrls.default(['http://127.0.0.1:5005']),
    REWARDS_URL: httpUrls.default(['http://127.0.0.1:5006']),
    UPSTREAM_TIMEOUT_MS: positiveInt(600_000).default(15_000),
    UPSTREAM_CONNECT_TIMEOUT_MS: positiveInt(60_000).default(500),
    WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST),
    SESSION_IDLE_TIMEOUT: positiveInt(365 * 86_400).default(7 * 86_400),
    SESSION_ABSOLUTE_TIMEOUT: positiveInt(365 * 86_400).default(30 * 86_400),
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
    RATE_LIMIT_PER_MINUTE: positiveInt(10_000_000).default(600),
    RATE_LIMIT_IP_PER_MINUTE: positiveInt(10_000_000).default(1200),
    RATE_LIMIT_CONTACT_PER_MINUTE: positiveInt(10_000).default(5),
    RATE_LIMIT_SEARCH_PER_MINUTE: positiveInt(10_000_000).default(120),
    RATE_LIMIT_POSTING_PER_MINUTE: positiveInt(10_000_000).default(30),
    RATE_LIMIT_PAYMENTS_PER_MINUTE: positiveInt(10_000_000).default(20),
  })
  .superRefine((env, ctx) => {
    const builtIn = isBuiltInIssuer(env.OIDC_ISSUER_URL, env.PUBLIC_URL);
    if (!env.OIDC_CLIENT_SECRET && !builtIn) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_SECRET'], message: 'is missing (required unless OIDC_ISSUER_URL is the built-in provider at PUBLIC_URL/oidc)' });
    }
    if (env.SESSION_ABSOLUTE_TIMEOUT < env.SESSION_IDLE_TIMEOUT) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_ABSOLUTE_TIMEOUT'], message: 'must not be shorter than SESSION_IDLE_TIMEOUT' });
    }
    if (env.GATEWAY_WORKERS !== undefined && env.GATEWAY_WORKERS > 1 && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['GATEWAY_WORKERS'], message: 'more than 1 needs REDIS_URL (without it sessions live in one process)' });
    }
  });

function isBuiltInIssuer(issuer: string | undefined, publicUrl: string): boolean {
  return issuer === undefined || issuer === `${publicUrl}/oidc`;
}

/** Validates the environment into the gateway's config; the error names every bad or missing variable. */
export function loadGatewayConfig(env: GatewayEnv): GatewayConfig {
  const parsed = parseConfig(envSchema, {
    ...env,
    // PEM in env files is often written with literal \n.
    ASSERTION_PRIVATE_KEY: env.ASSERTION_PRIVATE_KEY?.replaceAll('\\n', '\n'),
  });
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, parsed[UPSTREAM_ENV[name]]])) as Record<ServiceName, string[]>;
  return {
    service: { host: parsed.HOST, port: parsed.PORT, logLevel: parsed.LOG_LEVEL },
    // One per CPU when the processes can share sessions and limits through Redis.
    workers: parsed.GATEWAY_WORKERS ?? (parsed.REDIS_URL ? cpuCount() : 1),
    publicUrl: parsed.PUBLIC_URL,
    redis: { url: parsed.REDIS_URL ?? null, keyPrefix: parsed.REDIS_KEY_PREFIX },
    oidc: { issuerUrl: parsed.OIDC_ISSUER_URL ?? `${parsed.PUBLIC_URL}/oidc`, clientId: parsed.OIDC_CLIENT_ID, clientAuthMethod: parsed.OIDC_CLIENT_AUTH_METHOD },
    upstreams,
    proxy: { timeoutMs: parsed.UPSTREAM_TIMEOUT_MS, connectTimeoutMs: parsed.UPSTREAM_CONNECT_TIMEOUT_MS },
    web: { distDir: resolve(parsed.WEB_DIST_DIR) },
    session: { idleTimeoutMs: parsed.SESSION_IDLE_TIMEOUT * 1000, absoluteTimeoutMs: parsed.SESSION_ABSOLUTE_TIMEOUT * 1000, cacheMs: parsed.SESSION_CACHE_MS },
    rateLimit: {
      perSessionPerMinute: parsed.RATE_LIMIT_PER_MINUTE,
      perIpPerMinute: parsed.RATE_LIMIT_IP_PER_MINUTE,
      routes: {
        contact: parsed.RATE_LIMIT_CONTACT_PER_MINUTE,
        search: parsed.RATE_LIMIT_SEARCH_PER_MINUTE,
        posting: parsed.RATE_LIMIT_POSTING_PER_MINUTE,
        payments: parsed.RATE_LIMIT_PAYMENTS_PER_MINUTE,
      },
    },
    secrets: {
      assertionPrivateKey: parsed.ASSERTION_PRIVATE_KEY,
      oidcClientSecret: parsed.OIDC_CLIENT_SECRET ?? DEV_CLIENT_SECRET,
    },
  };
}
