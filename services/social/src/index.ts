import { fileURLToPath } from 'node:url';
import { createService, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { SocialConfig } from './config.js';
import { createContext, type SocialContext } from './context.js';
import { outbox, processedEvents } from './db/schema/index.js';
import { registerConsumers } from './events/register-consumers.js';
import { registerRoutes } from './routes/index.js';
import { exportMemberData } from './users/export-member-data.js';

export type { SocialConfig } from './config.js';
export type { SocialContext } from './context.js';
export { loadSocialConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The social service: connections, the feed, surveys, events, projects and tutorials. */
export function createSocialService(config: SocialConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<SocialContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    registerConsumers(runtime);
    const ctx = createContext(runtime, config);
    registerRoutes(runtime.app, ctx);
    exportMemberData(runtime.app, ctx);
    return ctx;
  });
}
