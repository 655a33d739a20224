import type { ServiceRuntime } from '@freemarket/kit';
import { DEFAULT_CONSUMER_SETTINGS, type RewardsConfig } from '../config.js';
import { EARNING_EVENT_TYPES, TAKE_BACK_EVENT_TYPES } from '../credits/earning.js';
import { creditEarnings } from '../credits/service.js';
import { takeBackCredit } from '../credits/take-back.js';

/**
 * One durable consumer per earning subject, their deliveries decided together in batches through
 * the kit's idempotent batch handling: each batch's processed-event records, decisions and
 * announcements commit in one transaction, acknowledged only once it has.
 */
export function registerEarningConsumers(runtime: ServiceRuntime, config: RewardsConfig): void {
  const { maxDeliver, ackWaitMs, maxBatch, maxParallel } = config.consumers ?? DEFAULT_CONSUMER_SETTINGS;
  runtime.consumeBatchesOnce(EARNING_EVENT_TYPES, creditEarnings, { maxDeliver, ackWaitMs, maxBatch, maxParallel });
}

/** How many times an earning consumer's deliveries a take-back is offered before it is dead-lettered. */
export const TAKE_BACK_DELIVERY_FACTOR = 3;

/**
 * One durable consumer per subject that takes back a credit (a refund, an RSVP ended before its
 * event), each event in its own transaction with its processed-event record: take-backs are rare.
 */
export function registerTakeBackConsumers(runtime: ServiceRuntime, config: RewardsConfig): void {
  const { maxDeliver } = config.consumers ?? DEFAULT_CONSUMER_SETTINGS;
  // A take-back waits for its credit, which may itself come only after an instance's ack wait ran
  // out: three times the deliveries, with the bus's doubling backoff, outlasts the earning side's retries.
  for (const type of TAKE_BACK_EVENT_TYPES) runtime.consumeOnce(type, takeBackCredit, { maxDeliver: maxDeliver * TAKE_BACK_DELIVERY_FACTOR });
}
