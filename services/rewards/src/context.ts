import type { ServiceRuntime } from '@freemarket/kit';
import { DEFAULT_CONSUMER_SETTINGS, type RewardsConfig } from './config.js';
import { RewardsService } from './balances/service.js';
import { CreditBatcher } from './credits/credit-batcher.js';
import { CreditLedger } from './credits/credit-ledger.js';
import { outbox } from './db/schema/index.js';

/** What the rewards routes and consumers share. */
export interface RewardsContext {
  runtime: ServiceRuntime;
  config: RewardsConfig;
  rewards: RewardsService;
  credits: CreditBatcher;
}

/** Builds the services of one rewards instance on its runtime. */
export function createContext(runtime: ServiceRuntime, config: RewardsConfig): RewardsContext {
  const settings = config.consumers ?? DEFAULT_CONSUMER_SETTINGS;
  const credits = new CreditBatcher({
    db: runtime.db,
    ledger: new CreditLedger({ outbox, consumer: config.service.name, producer: config.service.name }),
    logger: runtime.logger,
    maxBatch: settings.maxBatch,
    maxParallel: settings.maxParallel,
    // reward.credited leaves right after the commit instead of at the relay's next poll.
    onCredited: () => runtime.relay.kick(),
  });
  return { runtime, config, rewards: new RewardsService(runtime.db), credits };
}
