import { fileURLToPath } from 'node:url';
import { createLogger, createService, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { MessagingConfig } from './config.js';
import { createContext, type MessagingContext } from './context.js';
import { outbox, processedEvents } from './db/schema/index.js';
import { registerConsumers } from './events/register-consumers.js';
import { connectRedis } from './realtime/redis.js';
import { exportMemberData } from './messages/export-member-data.js';
import { registerRoutes } from './routes/index.js';

export type { MessagingConfig } from './config.js';
export type { MessagingContext } from './context.js';
export { loadMessagingConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The messaging service: direct messages, broadcast, and socket.io for live delivery. */
export async function createMessagingService(config: MessagingConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<MessagingContext>> {
  const logger = overrides.logger ?? createLogger(config.service.name, config.service.logLevel);
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : null;
  const readiness = redis ? [{ name: 'redis', check: () => redis.commands.ping() }] : [];
  try {
    return await createService(config, { tables: { outbox, processedEvents }, migrationsFolder, readiness }, { ...overrides, logger }, async (runtime) => {
      const ctx = await createContext(runtime, config, redis);
      registerConsumers(runtime, ctx.io);
      registerRoutes(runtime.app, ctx);
      exportMemberData(runtime.app, ctx);
      return ctx;
    });
  } catch (err) {
    await redis?.close();
    throw err;
  }
}
