import { fileURLToPath } from 'node:url';
import { createService, projectUsers, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import { DEFAULT_CONSUMER_SETTINGS, type RewardsConfig } from './config.js';
import { createContext, type RewardsContext } from './context.js';
import { members, outbox, processedEvents } from './db/schema/index.js';
import { exportMemberData } from './balances/export-member-data.js';
import { consumeUserDeleted } from './events/consumers/user-deleted.js';
import { registerEarningConsumers, registerTakeBackConsumers } from './events/register-consumers.js';
import { registerRoutes } from './routes/index.js';

export type { RewardsConfig } from './config.js';
export type { RewardsContext } from './context.js';
export { loadRewardsConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The rewards service: credits the points of spec 02 §9 from other services' events, exactly once. */
export function createRewardsService(config: RewardsConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<RewardsContext>> {
  // Rewards credits in batches, and more deliveries in hand make bigger batches: fewer pulls,
  // round trips and commits per event.
  const concurrency = config.bus.concurrency ?? (config.consumers ?? DEFAULT_CONSUMER_SETTINGS).concurrency;
  return createService({ ...config, bus: { ...config.bus, concurrency } }, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    const ctx = createContext(runtime, config);
    projectUsers(runtime, members);
    registerEarningConsumers(runtime, config);
    registerTakeBackConsumers(runtime, config);
    consumeUserDeleted(runtime);
    registerRoutes(runtime.app, ctx);
    exportMemberData(runtime.app, ctx);
    return ctx;
  });
}
