import { fileURLToPath } from 'node:url';
import { createService, projectUsers, type RuntimeOverrides, type ServiceHandle, type ServiceRuntime } from '@freemarket/kit';
import type { DirectoryConfig } from './config.js';
import { outbox, processedEvents, users } from './db/schema/index.js';

export type { DirectoryConfig } from './config.js';
export { loadDirectoryConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface DirectoryContext {
  runtime: ServiceRuntime;
}

export function createDirectoryService(config: DirectoryConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<DirectoryContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    projectUsers(runtime, users);
    return { runtime };
  });
}
