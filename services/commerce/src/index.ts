import { fileURLToPath } from 'node:url';
import { createService, projectUsers, type RuntimeOverrides, type ServiceHandle, type ServiceRuntime } from '@freemarket/kit';
import type { CommerceConfig } from './config.js';
import { outbox, processedEvents, users } from './db/schema/index.js';

export type { CommerceConfig } from './config.js';
export { loadCommerceConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface CommerceContext {
  runtime: ServiceRuntime;
}

export function createCommerceService(config: CommerceConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<CommerceContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    projectUsers(runtime, users);
    return { runtime };
  });
}
