import { notCreditedReasonSchema, rewardActionSchema, type RewardTransaction } from '@freemarket/contracts';
import type { RewardTransactionRow } from '../db/schema/index.js';

/** A stored decision as the API shows it. */
export function toRewardTransaction(row: RewardTransactionRow): RewardTransaction {
  return {
    id: row.id,
    type: row.type,
    action: rewardActionSchema.parse(row.action),
    amount: row.amount,
    description: row.description,
    relatedId: row.relatedId,
    credited: row.credited,
    reason: row.reason === null ? null : notCreditedReasonSchema.parse(row.reason),
    createdAt: row.createdAt.toISOString(),
  };
}
