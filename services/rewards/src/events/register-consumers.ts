import type { Envelope } from '@freemarket/contracts';
import type { Tx } from '@freemarket/db';
import { deletionsOf, happenedBeforeDeletion, type Emit, type ServiceRuntime } from '@freemarket/kit';
import { DEFAULT_CONSUMER_SETTINGS, type RewardsConfig } from '../config.js';
import { EARNING_EVENT_TYPES, type EarningEventType, type EarningRule } from '../credits/earning.js';
import { creditEarnings } from '../credits/service.js';
import { deletedMembers } from '../db/schema/index.js';
import { EARNING_RULES } from './consumers/index.js';

/**
 * One durable consumer per earning subject, their deliveries decided together in batches through
 * the kit's idempotent batch handling: each batch's processed-event records, decisions and
 * announcements commit in one transaction, acknowledged only once it has.
 */
export function registerEarningConsumers(runtime: ServiceRuntime, config: RewardsConfig): void {
  const { maxDeliver, ackWaitMs, maxBatch, maxParallel } = config.consumers ?? DEFAULT_CONSUMER_SETTINGS;
  const credit = async (tx: Tx, events: Envelope<EarningEventType>[], emit: Emit) => {
    const current = await ofMembersStillHere(tx, events);
    if (current.length > 0) await creditEarnings(tx, current, emit);
  };
  runtime.consumeBatchesOnce(EARNING_EVENT_TYPES, credit, { maxDeliver, ackWaitMs, maxBatch, maxParallel });
}

/** The events whose earner was not deleted after they happened: a late one credits no one. */
async function ofMembersStillHere(tx: Tx, events: readonly Envelope<EarningEventType>[]): Promise<Envelope<EarningEventType>[]> {
  const earnerOf = (event: Envelope<EarningEventType>) => {
    const rule: EarningRule<EarningEventType> = EARNING_RULES[event.type];
    return rule.toEarning(event.data).userId;
  };
  const deletions = await deletionsOf(tx, deletedMembers, events.map(earnerOf));
  return events.filter((event) => !happenedBeforeDeletion(deletions, earnerOf(event), event.occurredAt));
}
