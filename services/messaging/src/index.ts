import { fileURLToPath } from 'node:url';
import { createService, projectUsers, type RuntimeOverrides, type ServiceHandle, type ServiceRuntime } from '@freemarket/kit';
import type { MessagingConfig } from './config.js';
import { outbox, processedEvents, users } from './db/schema/index.js';

export type { MessagingConfig } from './config.js';
export { loadMessagingConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface MessagingContext {
  runtime: ServiceRuntime;
}

export function createMessagingService(config: MessagingConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<MessagingContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    projectUsers(runtime, users);
    return { runtime };
  });
}
