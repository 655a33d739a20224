import type { ServiceRuntime } from '@freemarket/kit';
import { DEFAULT_CONSUMER_SETTINGS, type RewardsConfig } from '../config.js';
import type { CreditBatcher } from '../credits/credit-batcher.js';
import { EARNING_EVENT_TYPES, type EarningEventType } from '../credits/earning.js';
import { EARNING_RULES } from './consumers/index.js';

/**
 * One durable consumer per earning subject. Each delivery is decided by the batcher, whose
 * transaction also records the event as processed (what `runtime.consumeOnce` does for a single
 * event), and is acknowledged only once that transaction has committed.
 */
export function registerEarningConsumers(runtime: ServiceRuntime, config: RewardsConfig, batcher: CreditBatcher): void {
  for (const type of EARNING_EVENT_TYPES) register(runtime, config, batcher, type);
}

function register<T extends EarningEventType>(runtime: ServiceRuntime, config: RewardsConfig, batcher: CreditBatcher, type: T): void {
  const settings = config.consumers ?? DEFAULT_CONSUMER_SETTINGS;
  const rule = EARNING_RULES[type];
  runtime.consume({
    consumer: config.service.name,
    type,
    maxDeliver: settings.maxDeliver,
    ackWaitMs: settings.ackWaitMs,
    handle: (event) => batcher.submit(event, rule.toEarning(event.data)),
  });
}
