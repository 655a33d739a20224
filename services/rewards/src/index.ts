import { fileURLToPath } from 'node:url';
import { createService, projectUsers, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { RewardsConfig } from './config.js';
import { createContext, type RewardsContext } from './context.js';
import { outbox, processedEvents, users } from './db/schema/index.js';
import { registerEarningConsumers } from './events/register-consumers.js';
import { registerRoutes } from './routes/index.js';

export type { RewardsConfig } from './config.js';
export type { RewardsContext } from './context.js';
export { loadRewardsConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The rewards service: credits the points of spec 02 §9 from other services' events, exactly once. */
export function createRewardsService(config: RewardsConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<RewardsContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    const ctx = createContext(runtime, config);
    projectUsers(runtime, users);
    registerEarningConsumers(runtime, config, ctx.credits);
    registerRoutes(runtime.app, ctx);
    return ctx;
  });
}
