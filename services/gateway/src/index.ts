import fastifyCookie from '@fastify/cookie';
import { Redis } from 'ioredis';
import { AssertionSigner, createApp, createLogger, describeApi, type App, type Logger } from '@freemarket/kit';
import { IdentityClient } from './auth/identity-client.js';
import { OidcClient } from './auth/oidc-client.js';
import { PreAuthStore } from './auth/pre-auth.js';
import { SignIn } from './auth/sign-in.js';
import type { GatewayConfig } from './config.js';
import type { GatewayContext } from './context.js';
import { registerUpstreamMetrics, scrapeAllowed } from './http/metrics.js';
import { RateLimits } from './http/rate-limits.js';
import { registerRequestPipeline } from './http/request-pipeline.js';
import { forwardingFor } from './proxy/forward-headers.js';
import { createForwarders, registerProxies } from './proxy/register-proxies.js';
import { registerRoutes } from './routes/index.js';
import { cookiePolicy } from './session/cookies.js';
import { MemorySessionStore } from './session/memory-store.js';
import { RedisSessionStore } from './session/redis-store.js';
import { Sessions } from './session/sessions.js';
import type { SessionStore } from './session/store.js';
import { registerWebApp } from './web/static-site.js';

export { loadGatewayConfig, readGatewayEnv, type GatewayConfig, type GatewayEnv } from './config.js';
export { MemorySessionStore } from './session/memory-store.js';
export { RedisSessionStore } from './session/redis-store.js';
export { Sessions, type ActiveSession, type SessionTimeouts } from './session/sessions.js';
export { cookiePolicy } from './session/cookies.js';
export type { SessionStore } from './session/store.js';
export { ROUTING_TABLE, SERVICE_NAMES, type ServiceName } from './proxy/routing-table.js';

export interface GatewayOverrides {
  logger?: Logger;
  /** Replaces the store chosen from REDIS_URL; the caller keeps ownership and closes it. */
  sessionStore?: SessionStore;
  /** The clock sessions are judged by (timeouts); tests move it forward instead of waiting. */
  now?: () => number;
}

export interface Gateway {
  app: App;
  /** For tools and tests that need a signed-in session without going through a provider. */
  sessions: Sessions;
  start(): Promise<{ url: string }>;
  /** Idempotent: stops accepting requests, drains, then closes the store and Redis. */
  destroy(): Promise<void>;
}

/** Builds the gateway without listening; nothing happens on import. */
export async function createGateway(config: GatewayConfig, overrides: GatewayOverrides = {}): Promise<Gateway> {
  const logger = overrides.logger ?? createLogger('gateway', config.service.logLevel);
  const redis = config.redis.url ? connectRedis(config.redis.url, logger) : null;
  // Sessions another instance ended: each instance drops its cached copy when told.
  const endedChannel = `${config.redis.keyPrefix}sess:ended`;
  // It waits for Redis instead of failing its subscribe, so a gateway booted while Redis is down
  // still hears of logouts once Redis is back.
  const subscriber = redis && config.session.cacheMs > 0 ? redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true }) : null;
  // Commands fail at once while Redis is not connected (no offline queue): wait for its first
  // connection, a bounded while, before serving. A gateway booted with Redis down still starts.
  if (redis) await firstConnection(redis, REDIS_FIRST_CONNECTION_MS);
  const ownsStore = !overrides.sessionStore;
  const store = overrides.sessionStore ?? (redis ? new RedisSessionStore(redis, config.redis.keyPrefix) : new MemorySessionStore());
  const closeStores = async () => {
    try {
      if (ownsStore) await store.close();
    } finally {
      // Nothing to flush on a subscriber, and with Redis down a QUIT would wait for it forever.
      subscriber?.disconnect();
      await redis?.quit().catch(() => redis.disconnect());
    }
  };

  let app: App | undefined;
  let ctx: GatewayContext;
  try {
    const signer = await AssertionSigner.fromPem(config.secrets.assertionPrivateKey);
    logger.info({ kid: signer.kid }, 'signing identity assertions with this key');
    const oidc = new OidcClient({ ...config.oidc, clientSecret: config.secrets.oidcClientSecret }, logger);
    const cookies = cookiePolicy(config.publicUrl);
    const forwarding = forwardingFor(config.publicUrl, [cookies.session, cookies.preAuth]);
    const forwarders = createForwarders(config, forwarding, logger);
    ctx = {
      config,
      logger,
      publicOrigin: new URL(config.publicUrl).origin,
      cookies,
      sessions: new Sessions(store, config.session, overrides.now, {
        ttlMs: config.session.cacheMs,
        ...(redis && subscriber ? { announceEnded: async (key: string) => void (await redis.publish(endedChannel, key)) } : {}),
      }),
      preAuth: new PreAuthStore(store),
      signer,
      signIn: new SignIn(oidc, new IdentityClient(forwarders.get('identity')!, signer), `${config.publicUrl}/api/callback`),
      forwarding,
      forwarders,
    };
    if (subscriber) {
      const sessions = ctx.sessions;
      subscriber.on('error', (err: Error) => logger.warn({ err }, 'redis subscriber error'));
      subscriber.on('message', (_channel: string, key: string) => sessions.forget(key));
      // Not awaited: with Redis down the gateway still boots (and reports not ready).
      subscriber.subscribe(endedChannel).catch((err: unknown) => logger.warn({ err }, 'cannot subscribe to ended sessions'));
    }
    app = createApp({
      logger,
      readiness: redis ? [{ name: 'redis', check: () => redis.ping() }] : [],
      refuseNul: false,
      metrics: { allow: scrapeAllowed(config.publicUrl) },
    });
    app.addHook('onClose', async () => void (await Promise.all([...forwarders.values()].map((forwarder) => forwarder.close()))));
    // Only the writer: the pipeline reads the one cookie it needs itself.
    await app.register(fastifyCookie, { hook: false });
    // The gateway's own calls (sign-in, sign-out, the API reference) join the services' in /api/openapi.json.
    await describeApi(app, 'gateway');
    const limits = await RateLimits.register(app, { ...config.rateLimit, redis, keyPrefix: config.redis.keyPrefix });
    registerRequestPipeline(app, ctx, limits);
    registerRoutes(app, ctx);
    await registerProxies(app, ctx);
    registerUpstreamMetrics(app.metrics, forwarders, config.upstreams);
    await registerWebApp(app, config.web.distDir);
    await app.ready();
  } catch (err) {
    await app?.close().catch(() => undefined);
    await closeStores();
    throw err;
  }

  const readyApp = app;
  let destroyed: Promise<void> | undefined;
  return {
    app: readyApp,
    sessions: ctx.sessions,
    async start() {
      const url = await readyApp.listen({ host: config.service.host, port: config.service.port });
      logger.info({ url, publicUrl: config.publicUrl, sessions: redis ? 'redis' : 'memory' }, 'gateway listening');
      return { url };
    },
    destroy() {
      destroyed ??= (async () => {
        try {
          await readyApp.close();
        } finally {
          await closeStores();
        }
      })();
      return destroyed;
    },
  };
}

const REDIS_FIRST_CONNECTION_MS = 2000;

function firstConnection(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      redis.off('ready', ready);
      resolve();
    }, timeoutMs);
    redis.once('ready', ready);
  });
}

function connectRedis(url: string, logger: Logger): Redis {
  // With Redis gone a request fails at once (503) instead of queueing until a reconnect: no offline
  // queue, and one retry per command.
  const redis = new Redis(url, { enableAutoPipelining: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', (err) => logger.warn({ err }, 'redis error'));
  return redis;
}
