import { z } from 'zod';
import { booleanFromEnv, loadServiceConfig, parseConfig, readEnvVars, type ServiceConfig } from '@freemarket/kit';

export interface DirectoryConfig extends ServiceConfig {
  /** Local mode: insert the demo profiles the first time the service starts on an empty database. */
  seedDemoData: boolean;
  /** How many map markers an instance holds in memory (MarkerCache); 0 sends every map question to Postgres. */
  mapCacheMarkers: number;
  /** How many search results an instance holds in memory (ItemCache); 0 reads every result from Postgres. */
  searchCacheResults: number;
}

/**
 * The directory's connections to Postgres, unless DB_POOL_MAX says otherwise. Its searches are
 * Postgres CPU, not waiting: connections beyond about twice Postgres's cores only share those cores
 * and stretch every statement. On two cores, 4 against 10 takes the 95th percentile of a search by
 * rating from 32.5 to 27.0 ms at the same request rate (docs/benchmarks.md, Search). Size it to
 * the Postgres server (and the number of instances) in production.
 */
export const DIRECTORY_POOL_MAX = 4;

const envSchema = z.object({
  SEED_DEMO_DATA: booleanFromEnv.default(false),
  // About 600 bytes a marker: the default holds a dense metro's 10 km map, a few times over, in some 150 MB.
  MAP_CACHE_MARKERS: z.coerce.number().int().min(0).default(250_000),
  // About 1.3 kB a result: the default holds the first pages of a few thousand searches in some 30 MB.
  SEARCH_CACHE_RESULTS: z.coerce.number().int().min(0).default(20_000),
});

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  const base = loadServiceConfig('directory', { port: 5002, poolMax: DIRECTORY_POOL_MAX }, env);
  const parsed = parseConfig(envSchema, readEnvVars(['SEED_DEMO_DATA', 'MAP_CACHE_MARKERS', 'SEARCH_CACHE_RESULTS'], env));
  return { ...base, seedDemoData: parsed.SEED_DEMO_DATA, mapCacheMarkers: parsed.MAP_CACHE_MARKERS, searchCacheResults: parsed.SEARCH_CACHE_RESULTS };
}
