import { z } from 'zod';
import { loadServiceConfig, parseConfig, readEnvVars, type ServiceConfig } from '@freemarket/kit';

/** How the rewards consumers take and decide deliveries (docs/rewards.md). */
export interface ConsumerSettings {
  /** How long a delivery may go unacknowledged before the broker offers it again. */
  ackWaitMs: number;
  /** Deliveries before an event that keeps failing goes to the dead-letter subject. */
  maxDeliver: number;
  /** Most events decided in one transaction. */
  maxBatch: number;
  /** Crediting transactions in flight at once (each holds a database connection). */
  maxParallel: number;
  /**
   * Deliveries in hand per subject. More in hand means bigger batches: fewer pulls, round trips
   * and commits per event.
   */
  concurrency: number;
}

/** `consumers` may be left out (the platform launcher passes the common config): defaults apply. */
export interface RewardsConfig extends ServiceConfig {
  consumers?: ConsumerSettings;
}

export const DEFAULT_CONSUMER_SETTINGS: ConsumerSettings = { ackWaitMs: 30_000, maxDeliver: 5, maxBatch: 200, maxParallel: 2, concurrency: 64 };

const envSchema = z.object({
  REWARDS_ACK_WAIT_MS: z.coerce.number().int().min(500).max(600_000).default(DEFAULT_CONSUMER_SETTINGS.ackWaitMs),
  REWARDS_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(DEFAULT_CONSUMER_SETTINGS.maxDeliver),
  REWARDS_MAX_BATCH: z.coerce.number().int().min(1).max(1000).default(DEFAULT_CONSUMER_SETTINGS.maxBatch),
  REWARDS_MAX_PARALLEL: z.coerce.number().int().min(1).max(16).default(DEFAULT_CONSUMER_SETTINGS.maxParallel),
  REWARDS_CONSUMER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(DEFAULT_CONSUMER_SETTINGS.concurrency),
});

/** The common service config plus the consumer settings (`REWARDS_*`); only `bin` passes `process.env`. */
export function loadRewardsConfig(env: NodeJS.ProcessEnv = process.env): RewardsConfig {
  const base = loadServiceConfig('rewards', { port: 5006 }, env);
  const parsed = parseConfig(envSchema, readEnvVars(Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[], env));
  return {
    ...base,
    consumers: {
      ackWaitMs: parsed.REWARDS_ACK_WAIT_MS,
      maxDeliver: parsed.REWARDS_MAX_DELIVER,
      maxBatch: parsed.REWARDS_MAX_BATCH,
      maxParallel: parsed.REWARDS_MAX_PARALLEL,
      concurrency: parsed.REWARDS_CONSUMER_CONCURRENCY,
    },
  };
}
