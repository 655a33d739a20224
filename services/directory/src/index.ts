import { fileURLToPath } from 'node:url';
import { createService, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { DirectoryConfig } from './config.js';
import { createContext, type DirectoryContext } from './context.js';
import { outbox, processedEvents } from './db/schema/index.js';
import { registerConsumers } from './events/register-consumers.js';
import { registerRoutes } from './routes/index.js';
import { seedDemoData } from './seed/demo-data.js';
import { announceSkills, seedReferenceData } from './seed/reference-data.js';

export type { DirectoryConfig } from './config.js';
export type { DirectoryContext } from './context.js';
export { DIRECTORY_POOL_MAX, loadDirectoryConfig } from './config.js';
export { SearchRepository } from './search/repository.js';
export { MapRepository } from './map/repository.js';
export { cellRange } from './map/tiles.js';
export { searchConditions } from './search/conditions.js';
export { nearby } from './search/geo.js';
export { seedReferenceData } from './seed/reference-data.js';

/** The directory's committed migrations (benchmarks migrate their own database with them). */
export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/**
 * Postgres settings of the directory's connections (docs/api.md, Operating search): a radius over
 * a dense metro is a bitmap that stays exact in 32 MB; JIT compiling or parallel workers cost more
 * than a search statement.
 */
export const SEARCH_SESSION_SETTINGS: Readonly<Record<string, string>> = { work_mem: '32MB', jit: 'off', max_parallel_workers_per_gather: '0' };

/** The directory: profiles, search, skills, reviews and the rest of spec 02 §3's directory tables. */
export function createDirectoryService(config: DirectoryConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<DirectoryContext>> {
  const tuned = { ...config, db: { ...config.db, sessionSettings: { ...SEARCH_SESSION_SETTINGS, ...config.db.sessionSettings } } };
  return createService(tuned, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, async (runtime) => {
    await seedReferenceData(runtime.db);
    await announceSkills(runtime);
    if (config.seedDemoData) await seedDemoData(runtime);
    const ctx = createContext(runtime, config);
    registerConsumers(runtime);
    registerRoutes(runtime.app, ctx);
    return ctx;
  });
}
