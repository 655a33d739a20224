import { fileURLToPath } from 'node:url';
import { createService, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { DirectoryConfig } from './config.js';
import { createContext, type DirectoryContext } from './context.js';
import { outbox, processedEvents } from './db/schema/index.js';
import { consumeUserUpserted } from './events/consumers/user-upserted.js';
import { registerRoutes } from './routes/index.js';
import { seedDemoData } from './seed/demo-data.js';
import { seedReferenceData } from './seed/reference-data.js';

export type { DirectoryConfig } from './config.js';
export type { DirectoryContext } from './context.js';
export { loadDirectoryConfig } from './config.js';
export { markerStatement, SearchRepository, statements as searchStatements } from './search/repository.js';
export { markerJson } from './search/items.js';
export { searchConditions } from './search/conditions.js';
export { nearby } from './search/geo.js';
export { seedReferenceData } from './seed/reference-data.js';

/** The directory's committed migrations (benchmarks migrate their own database with them). */
export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The directory: profiles, search, skills, reviews and the rest of spec 02 §3's directory tables. */
export function createDirectoryService(config: DirectoryConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<DirectoryContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, async (runtime) => {
    await seedReferenceData(runtime.db);
    if (config.seedDemoData) await seedDemoData(runtime);
    const ctx = createContext(runtime, config);
    consumeUserUpserted(runtime);
    registerRoutes(runtime.app, ctx);
    return ctx;
  });
}
