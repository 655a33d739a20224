import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { InProcessBus, type EventBus } from '@freemarket/bus';
import { createLogger, generateAssertionKeys, type Logger, type RuntimeOverrides, type ServiceRuntime } from '@freemarket/kit';
import { createCommerceService, loadCommerceConfig } from '@freemarket/commerce';
import { createDirectoryService, loadDirectoryConfig } from '@freemarket/directory';
import { createGateway, loadGatewayConfig, type Gateway } from '@freemarket/gateway';
import { createIdentityService, loadIdentityConfig } from '@freemarket/identity';
import { createMessagingService, loadMessagingConfig } from '@freemarket/messaging';
import { createRewardsService, loadRewardsConfig } from '@freemarket/rewards';
import { createSocialService, loadSocialConfig } from '@freemarket/social';
import { createTestDatabase, runTag, testBusNames, testInfra } from './infra.js';
import { freePort } from './ports.js';

/** How the whole platform is put together in one process: local mode, end-to-end and browser tests, audits. */
export interface StackOptions {
  /** The gateway's port; the public URL is http://localhost:<port>. */
  port: number;
  /** Each service's database: `pglite:<dir>` locally, or one Postgres database shared by schemas. */
  databaseUrl: (service: string) => string;
  natsUrl?: string | null;
  redisUrl?: string | null;
  /** Stream and subject prefix, so test runs never share events. */
  bus?: { stream: string; subjectPrefix: string };
  redisKeyPrefix?: string;
  logLevel?: string;
  webDistDir?: string;
  /** Local mode: identity and the directory create the demo members and profiles (libs/demo) on first start. */
  seedDemoData?: boolean;
  /** Card payments through the development provider (no real money); on unless turned off. */
  devPayments?: boolean;
  /** The development provider's webhook secret, for a test that delivers Stripe-signed events itself (refunds); one per start otherwise. */
  devPaymentsWebhookSecret?: string;
  /** Card payments through Stripe instead of the development provider, its API at `apiUrl` (a local fake in tests). */
  stripe?: StripeSettings;
  /** Settings of the gateway beyond the stack's own (rate budgets, say), as environment variables. */
  gatewayEnv?: Record<string, string>;
}

/** Stripe's keys and its API's address, as commerce reads them (`STRIPE_*`). */
export interface StripeSettings {
  /** Stripe's own unless set. */
  apiUrl?: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface Stack {
  url: string;
  gateway: Gateway;
  /** Service name to its loopback URL. */
  services: Record<string, string>;
  stop(): Promise<void>;
}

type Handle = { start(): Promise<{ url: string }>; destroy(): Promise<void>; runtime?: ServiceRuntime };

/** Every service and the gateway in this process, started in dependency order; `stop()` tears them down in reverse. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const logLevel = options.logLevel ?? 'warn';
  const logger: Logger = createLogger('freemarket', logLevel);
  // A logger of each part's own name: a child of `logger` would write a second `name` key on every line.
  const loggerOf = (name: string): Logger => createLogger(name, logLevel);
  const keys = await generateAssertionKeys();
  const publicUrl = `http://localhost:${options.port}`;
  const clientSecret = randomBytes(24).toString('base64url');
  // With no NATS every service shares one in-process bus, as local mode's single process allows.
  const sharedBus: EventBus | undefined = options.natsUrl ? undefined : new InProcessBus(loggerOf('bus'));
  const overrides = (name: string): RuntimeOverrides => ({ logger: loggerOf(name), ...(sharedBus ? { bus: sharedBus } : {}) });

  const env = (name: string): NodeJS.ProcessEnv => ({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: logLevel,
    DATABASE_URL: options.databaseUrl(name),
    ASSERTION_PUBLIC_KEY: keys.publicKeyPem,
    ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...(options.bus ? { BUS_STREAM: options.bus.stream, BUS_SUBJECT_PREFIX: options.bus.subjectPrefix } : {}),
  });

  const started: Handle[] = [];
  const services: Record<string, string> = {};
  const stop = async () => {
    for (const handle of started.reverse()) await handle.destroy().catch((err: unknown) => logger.error({ err }, 'stopping a service failed'));
    await sharedBus?.close();
  };

  const seed = options.seedDemoData ? { SEED_DEMO_DATA: 'true' } : {};
  try {
    const directory = await createDirectoryService(loadDirectoryConfig({ ...env('directory'), ...seed }), overrides('directory'));
    started.push(directory);
    services.directory = (await directory.start()).url;
    const backends: [string, () => Promise<Handle>][] = [
      ['social', () => createSocialService(loadSocialConfig(env('social')), overrides('social'))],
      ['commerce', () => createCommerceService(loadCommerceConfig({ ...env('commerce'), ...paymentsEnv(options) }), overrides('commerce'))],
      ['rewards', () => createRewardsService(loadRewardsConfig(env('rewards')), overrides('rewards'))],
    ];
    for (const [name, create] of backends) {
      const service = await create();
      started.push(service);
      services[name] = (await service.start()).url;
    }
    // Messaging checks socket Origins against the public URL, and keeps its rate limits in Redis
    // under the run's own prefix, so test runs never spend each other's budgets.
    const messaging = await createMessagingService(
      loadMessagingConfig({
        ...env('messaging'),
        PUBLIC_URL: publicUrl,
        ...(options.redisKeyPrefix ? { REDIS_KEY_PREFIX: `${options.redisKeyPrefix}msg:` } : {}),
      }),
      overrides('messaging'),
    );
    started.push(messaging);
    services.messaging = (await messaging.start()).url;
    const identity = await createIdentityService(
      loadIdentityConfig({
        ...env('identity'),
        PUBLIC_URL: publicUrl,
        DIRECTORY_URL: services.directory,
        DEV_OIDC_ENABLED: 'true',
        OIDC_CLIENT_SECRET: clientSecret,
        ...seed,
      }),
      overrides('identity'),
    );
    started.push(identity);
    services.identity = (await identity.start()).url;
    if (options.seedDemoData) await settleAnnouncements(started);

    const gateway = await createGateway(
      loadGatewayConfig({
        HOST: '0.0.0.0',
        PORT: String(options.port),
        LOG_LEVEL: logLevel,
        PUBLIC_URL: publicUrl,
        ASSERTION_PRIVATE_KEY: keys.privateKeyPem,
        OIDC_CLIENT_SECRET: clientSecret,
        IDENTITY_URL: services.identity,
        DIRECTORY_URL: services.directory,
        SOCIAL_URL: services.social,
        MESSAGING_URL: services.messaging,
        COMMERCE_URL: services.commerce,
        REWARDS_URL: services.rewards,
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
        ...(options.redisKeyPrefix ? { REDIS_KEY_PREFIX: options.redisKeyPrefix } : {}),
        ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
        ...options.gatewayEnv,
      }),
      { logger: loggerOf('gateway') },
    );
    started.push(gateway);
    await gateway.start();
    return { url: publicUrl, gateway, services, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Commerce's card payments: Stripe when given, else the development provider unless turned off. */
function paymentsEnv(options: Pick<StackOptions, 'devPayments' | 'devPaymentsWebhookSecret' | 'stripe'>): NodeJS.ProcessEnv {
  const { stripe } = options;
  if (stripe) {
    return {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      ...(stripe.apiUrl ? { STRIPE_API_URL: stripe.apiUrl } : {}),
    };
  }
  return { DEV_PAYMENTS_ENABLED: String(options.devPayments ?? true), ...(options.devPaymentsWebhookSecret ? { STRIPE_WEBHOOK_SECRET: options.devPaymentsWebhookSecret } : {}) };
}

/**
 * On a first start identity announces the demo members all at once, and every service takes them
 * in on the one event loop of local mode. The gateway starts once the services' handled-event
 * counts stop moving: booting it under that flood can exceed Fastify's 10 s plugin timeout.
 */
async function settleAnnouncements(handles: Handle[], timeoutMs = 120_000): Promise<void> {
  const handled = async () => {
    let total = 0;
    for (const { runtime } of handles) {
      if (runtime) total += await runtime.db.$count(runtime.tables.processedEvents);
    }
    return total;
  };
  const deadline = Date.now() + timeoutMs;
  for (let last = -1, still = 0; still < 3 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await handled();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}

/** Local mode's databases: one PGlite folder per service under the data directory. */
export function pgliteFolders(dataDir: string): (service: string) => string {
  return (service) => `pglite:${join(dataDir, service)}`;
}

export interface TestStack extends Stack {
  /** The stack's Postgres database (every service's schema), for reading or seeding in bulk. */
  databaseUrl: string;
  /** Its stream and subject prefix, for a test that publishes to the bus itself. */
  bus: { stream: string; subjectPrefix: string };
}

export type TestStackOptions = Pick<StackOptions, 'logLevel' | 'webDistDir' | 'seedDemoData' | 'devPayments' | 'devPaymentsWebhookSecret' | 'stripe' | 'gatewayEnv'>;

/**
 * `startStack` for a test, an audit or a benchmark: a fresh database, bus names and Redis keys of
 * its own on the infrastructure the test harness found (`testInfra`); `stop()` also drops the
 * database.
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const infra = testInfra();
  const db = await createTestDatabase(infra);
  const tag = runTag();
  const bus = testBusNames(tag);
  try {
    const stack = await startStack({
      port: await freePort(),
      databaseUrl: () => db.url,
      natsUrl: infra.natsUrl,
      redisUrl: infra.redisUrl,
      bus,
      redisKeyPrefix: `fm:test:${tag}:`,
      logLevel: options.logLevel ?? 'silent',
      ...options,
    });
    return {
      ...stack,
      databaseUrl: db.url,
      bus,
      async stop() {
        await stack.stop();
        await db.drop();
      },
    };
  } catch (err) {
    await db.drop();
    throw err;
  }
}
