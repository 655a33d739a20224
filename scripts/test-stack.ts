import { createTestDatabase, freePort, runTag, testBusNames, testInfra } from '@freemarket/testing';
import { startStack, type Stack, type StackOptions } from './stack.js';

export interface TestStack extends Stack {
  /** The stack's Postgres database (every service's schema), for reading or seeding in bulk. */
  databaseUrl: string;
  /** Its stream and subject prefix, for a test that publishes to the bus itself. */
  bus: { stream: string; subjectPrefix: string };
}

/**
 * The whole platform for a test, an audit or a benchmark: a fresh database, bus names and Redis
 * keys of its own on the infrastructure the test harness found (`testInfra`); `stop()` also drops
 * the database.
 */
export async function startTestStack(options: Pick<StackOptions, 'logLevel' | 'webDistDir' | 'seedDemoData' | 'devPayments' | 'devPaymentsWebhookSecret' | 'gatewayEnv'> = {}): Promise<TestStack> {
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
