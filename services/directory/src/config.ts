import { z } from 'zod';
import { booleanFromEnv, loadServiceConfig, parseConfig, readEnvVars, type ServiceConfig } from '@freemarket/kit';

export interface DirectoryConfig extends ServiceConfig {
  /** Local mode: insert the demo profiles the first time the service starts on an empty database. */
  seedDemoData: boolean;
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
});

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  const base = loadServiceConfig('directory', { port: 5002, poolMax: DIRECTORY_POOL_MAX }, env);
  const parsed = parseConfig(envSchema, readEnvVars(['SEED_DEMO_DATA'], env));
  return { ...base, seedDemoData: parsed.SEED_DEMO_DATA };
}
