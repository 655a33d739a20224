import { z } from 'zod';
import { booleanFromEnv, loadServiceConfig, parseConfig, readEnvVars, type ServiceConfig } from '@freemarket/kit';

export interface DirectoryConfig extends ServiceConfig {
  /** Local mode: insert the demo profiles the first time the service starts on an empty database. */
  seedDemoData: boolean;
}

const envSchema = z.object({
  SEED_DEMO_DATA: booleanFromEnv.default(false),
});

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  const base = loadServiceConfig('directory', { port: 5002 }, env);
  const parsed = parseConfig(envSchema, readEnvVars(['SEED_DEMO_DATA'], env));
  return { ...base, seedDemoData: parsed.SEED_DEMO_DATA };
}
