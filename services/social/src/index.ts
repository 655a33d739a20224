import { fileURLToPath } from 'node:url';
import { createService, projectUsers, type RuntimeOverrides, type ServiceHandle, type ServiceRuntime } from '@freemarket/kit';
import type { SocialConfig } from './config.js';
import { outbox, processedEvents, users } from './db/schema/index.js';

export type { SocialConfig } from './config.js';
export { loadSocialConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface SocialContext {
  runtime: ServiceRuntime;
}

export function createSocialService(config: SocialConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<SocialContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    projectUsers(runtime, users);
    return { runtime };
  });
}
