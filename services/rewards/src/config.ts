import { loadServiceConfig, type ServiceConfig } from '@freemarket/kit';

export type RewardsConfig = ServiceConfig;

export function loadRewardsConfig(env: NodeJS.ProcessEnv = process.env): RewardsConfig {
  return loadServiceConfig('rewards', { port: 5006 }, env);
}
