import type { ServiceRuntime } from '@freemarket/kit';
import type { RewardsConfig } from './config.js';
import { RewardsService } from './balances/service.js';

/** What the rewards routes and consumers share. */
export interface RewardsContext {
  runtime: ServiceRuntime;
  config: RewardsConfig;
  rewards: RewardsService;
}

/** Builds the services of one rewards instance on its runtime. */
export function createContext(runtime: ServiceRuntime, config: RewardsConfig): RewardsContext {
  return { runtime, config, rewards: new RewardsService(runtime.db) };
}
