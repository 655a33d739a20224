import { fileURLToPath } from 'node:url';
import { createService, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { DirectoryConfig } from './config.js';
import { createContext, type DirectoryContext } from './context.js';
import { outbox, processedEvents } from './db/schema/index.js';
import { consumeUserDeleted } from './events/consumers/user-deleted.js';
import { consumeUserUpserted } from './events/consumers/user-upserted.js';
import { registerRoutes } from './routes/index.js';
import { ItemCache } from './search/item-cache.js';
import { MarkerCache } from './search/marker-cache.js';
import { seedDemoData } from './seed/demo-data.js';
import { announceSkills, seedReferenceData } from './seed/reference-data.js';

export type { DirectoryConfig } from './config.js';
export type { DirectoryContext } from './context.js';
export { DIRECTORY_POOL_MAX, loadDirectoryConfig } from './config.js';
export { markerStatement, nameOrder, ratingOrder, SearchRepository, statements as searchStatements } from './search/repository.js';
export { markerJson } from './search/items.js';
export { searchConditions } from './search/conditions.js';
export { nearby } from './search/geo.js';
export { seedReferenceData } from './seed/reference-data.js';

/** The directory's committed migrations (benchmarks migrate their own database with them). */
export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/**
 * The Postgres settings the search statements are tuned for (docs/benchmarks.md, Search): a dense
 * metro's bitmaps stay exact in 32 MB; the planner overrates the cell-tagged index lookup, and JIT
 * compiling or parallel workers then cost more than the statement itself.
 */
export const SEARCH_SESSION_SETTINGS: Readonly<Record<string, string>> = { work_mem: '32MB', jit: 'off', max_parallel_workers_per_gather: '0' };

/** The routes whose writes can change a map marker: a profile, its rating, its skills. */
const MARKER_WRITES = ['/api/profiles', '/api/reviews', '/api/user-skills'] as const;
/** The routes whose writes can change a search result: those, and its certifications. */
const RESULT_WRITES = [...MARKER_WRITES, '/api/certifications'] as const;

/** The directory: profiles, search, skills, reviews and the rest of spec 02 §3's directory tables. */
export function createDirectoryService(config: DirectoryConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<DirectoryContext>> {
  const tuned = { ...config, db: { ...config.db, sessionSettings: { ...SEARCH_SESSION_SETTINGS, ...config.db.sessionSettings } } };
  return createService(tuned, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, async (runtime) => {
    await seedReferenceData(runtime.db);
    await announceSkills(runtime);
    if (config.seedDemoData) await seedDemoData(runtime);
    const markerCache = config.mapCacheMarkers > 0 ? await MarkerCache.start(runtime.database, config.mapCacheMarkers, runtime.logger) : undefined;
    const itemCache = config.searchCacheResults > 0 ? await ItemCache.start(runtime.database, config.searchCacheResults, runtime.logger) : undefined;
    runtime.signal.addEventListener('abort', () => void Promise.all([markerCache?.close(), itemCache?.close()]), { once: true });
    // Before the answer leaves, after the handler's transaction committed: the next map question or
    // search makes sure this write's notification was heard first. Only the routes that change them.
    if (markerCache || itemCache) {
      runtime.app.addHook('onSend', (req, reply, payload, done) => {
        if (req.method !== 'GET' && reply.statusCode < 400) {
          if (MARKER_WRITES.some((prefix) => req.url.startsWith(prefix))) markerCache?.wroteProfiles();
          if (RESULT_WRITES.some((prefix) => req.url.startsWith(prefix))) itemCache?.wroteProfiles();
        }
        done(null, payload);
      });
    }
    const ctx = createContext(runtime, config, { markerCache, itemCache });
    consumeUserUpserted(runtime);
    consumeUserDeleted(runtime);
    registerRoutes(runtime.app, ctx);
    return ctx;
  });
}
