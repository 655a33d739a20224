import { fileURLToPath } from 'node:url';
import { createService, projectUsers, type RuntimeOverrides, type ServiceHandle, type ServiceRuntime } from '@freemarket/kit';
import type { RewardsConfig } from './config.js';
import { outbox, processedEvents, users } from './db/schema/index.js';

export type { RewardsConfig } from './config.js';
export { loadRewardsConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface RewardsContext {
  runtime: ServiceRuntime;
}

export function createRewardsService(config: RewardsConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<RewardsContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    projectUsers(runtime, users);
    return { runtime };
  });
}
