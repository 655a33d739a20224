import { fileURLToPath } from 'node:url';
import { createService, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { CommerceConfig } from './config.js';
import { createContext, type CommerceContext } from './context.js';
import { outbox, processedEvents } from './db/schema/index.js';
import { registerConsumers } from './events/register-consumers.js';
import { exportMemberData } from './members/export-member-data.js';
import { registerRoutes } from './routes/index.js';

export type { CommerceConfig } from './config.js';
export type { CommerceContext } from './context.js';
export { loadCommerceConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The commerce service: payments between members (manual logs for now). */
export function createCommerceService(config: CommerceConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<CommerceContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    const ctx = createContext(runtime, config);
    registerConsumers(runtime, ctx);
    registerRoutes(runtime.app, ctx);
    exportMemberData(runtime.app, ctx);
    return ctx;
  });
}
