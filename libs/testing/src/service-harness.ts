import { randomUUID } from 'node:crypto';
import { InProcessBus, NatsBus, type EventBus } from '@freemarket/bus';
import type { Envelope, EventData, EventType } from '@freemarket/contracts';
import {
  AssertionSigner,
  createLogger,
  generateAssertionKeys,
  IDENTITY_HEADER,
  loadServiceConfig,
  type App,
  type RuntimeOverrides,
  type ServiceConfig,
} from '@freemarket/kit';
import { createTestDatabase, runTag, testBusNames, testInfra, type TestDatabase } from './infra.js';

export interface TestableService {
  app: App;
  start(): Promise<{ url: string }>;
  destroy(): Promise<void>;
}

export interface ServiceUnderTest<S extends TestableService> {
  service: S;
  /** Where the service listens (port chosen by the OS). */
  url: string;
  db: TestDatabase;
  config: ServiceConfig;
  /** A bus on the same stream as the service, for publishing events to it and watching its own. */
  bus: EventBus;
  /** Headers that make a request come from `userId`, as the gateway would send it. */
  as(userId: string): Promise<Record<string, string>>;
  /** Publishes an event as another service's outbox relay would (a fresh id unless given). */
  publish<T extends EventType>(type: T, data: EventData<T>, id?: string): Promise<Envelope<T>>;
  stop(): Promise<void>;
}

/**
 * Boots a service the way production does (config → migrate → consumers → listen) on a fresh
 * database and its own bus names, for one test file. Real Postgres and NATS when configured.
 */
export async function startServiceForTest<S extends TestableService, C extends ServiceConfig = ServiceConfig>(options: {
  name: string;
  create: (config: C, overrides: RuntimeOverrides) => Promise<S>;
  /** Builds the service's config from an env-like object; defaults to the common service config. */
  loadConfig?: (env: NodeJS.ProcessEnv) => C;
  env?: Record<string, string>;
  logLevel?: string;
}): Promise<ServiceUnderTest<S>> {
  const infra = testInfra();
  const db = await createTestDatabase(infra);
  const keys = await generateAssertionKeys();
  const signer = await AssertionSigner.fromPem(keys.privateKeyPem);
  const names = testBusNames(runTag());
  const logger = createLogger(options.name, options.logLevel ?? process.env.TEST_LOG ?? 'silent');
  const env: NodeJS.ProcessEnv = {
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: db.url,
    ASSERTION_PUBLIC_KEY: keys.publicKeyPem,
    BUS_STREAM: names.stream,
    BUS_SUBJECT_PREFIX: names.subjectPrefix,
    ...(infra.natsUrl ? { NATS_URL: infra.natsUrl } : {}),
    ...(infra.redisUrl ? { REDIS_URL: infra.redisUrl } : {}),
    ...options.env,
  };
  const config = options.loadConfig ? options.loadConfig(env) : (loadServiceConfig(options.name, { port: 0 }, env) as C);
  // Without NATS the service and the test share one in-process bus.
  const bus: EventBus = infra.natsUrl
    ? await NatsBus.connect({ servers: infra.natsUrl, stream: names.stream, subjectPrefix: names.subjectPrefix, logger })
    : new InProcessBus(logger);
  const service = await options.create(config, { logger, ...(infra.natsUrl ? {} : { bus }) });
  const { url } = await service.start();

  return {
    service,
    url,
    db,
    config,
    bus,
    as: async (userId) => ({ [IDENTITY_HEADER]: await signer.sign({ userId }) }),
    async publish(type, data, id = randomUUID()) {
      const event = { id, type, occurredAt: new Date().toISOString(), producer: 'test', data } as Envelope<typeof type>;
      await bus.publish(event as Envelope);
      return event;
    },
    async stop() {
      try {
        await service.destroy();
      } finally {
        try {
          await bus.close();
        } finally {
          await db.drop();
        }
      }
    },
  };
}
