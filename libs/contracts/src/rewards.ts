import { z } from 'zod';

/** What a reward transaction was for (spec 02 §3). `redemption` is the only spending action. */
export const REWARD_ACTIONS = ['review', 'survey_response', 'event_attendance', 'referral', 'purchase', 'redemption', 'project_join', 'diy_content'] as const;
export const rewardActionSchema = z.enum(REWARD_ACTIONS);
export type RewardAction = z.infer<typeof rewardActionSchema>;

export type EarningAction = Exclude<RewardAction, 'redemption'>;

export interface RewardRule {
  /** Points per credit; for `purchase`, points per whole dollar paid. */
  points: number;
  /** Credits per member per UTC day (of the event's occurredAt); null means uncapped. */
  dailyCap: number | null;
  /** 'How to Earn Points' wording. */
  label: string;
  /** What can undo the points, shown under the label. */
  note?: string;
}

/**
 * The points of spec 02 §9 and the daily caps that keep them from being farmed. The rewards
 * service credits by this table and the web client's 'How to Earn Points' list shows it.
 */
export const REWARD_RULES: Readonly<Record<EarningAction, RewardRule>> = {
  review: { points: 10, dailyCap: 10, label: 'Write a review' },
  referral: { points: 20, dailyCap: 5, label: 'Refer a business' },
  event_attendance: { points: 15, dailyCap: 5, label: 'Attend an event', note: 'Once per event; cancelling your RSVP before it starts takes them back' },
  survey_response: { points: 5, dailyCap: 20, label: 'Complete a survey' },
  project_join: { points: 15, dailyCap: 5, label: 'Join a community project' },
  diy_content: { points: 25, dailyCap: 5, label: 'Create a tutorial' },
  purchase: { points: 1, dailyCap: null, label: 'Buy through FreeMarket (1 point per $1)', note: 'A refund takes its points back' },
};

/** Why an earning was recorded without points. */
export const NOT_CREDITED_REASONS = ['daily_cap', 'under_one_dollar', 'self', 'not_a_purchase'] as const;
export const notCreditedReasonSchema = z.enum(NOT_CREDITED_REASONS);
export type NotCreditedReason = z.infer<typeof notCreditedReasonSchema>;

/** `GET /api/rewards/balance`: 0 everywhere for a member who has earned nothing yet. */
export const rewardBalanceSchema = z.object({
  balance: z.number().int(),
  lifetimeEarned: z.number().int(),
  lifetimeRedeemed: z.number().int(),
});
export type RewardBalance = z.infer<typeof rewardBalanceSchema>;

/** One line of 'Recent Activity'. A row with `credited: false` earned nothing and says why. */
export const rewardTransactionSchema = z.object({
  id: z.uuid(),
  type: z.enum(['earn', 'spend']),
  action: rewardActionSchema,
  amount: z.number().int(),
  description: z.string().nullable(),
  relatedId: z.string().nullable(),
  credited: z.boolean(),
  reason: notCreditedReasonSchema.nullable(),
  createdAt: z.string(),
});
export type RewardTransaction = z.infer<typeof rewardTransactionSchema>;

/** `limit` of `GET /api/rewards/transactions`. */
export const REWARD_TRANSACTIONS_LIMIT = { default: 20, max: 100 } as const;

/** `GET /api/rewards/transactions` query: newest first, keyset cursor from the previous page. */
export const listRewardTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REWARD_TRANSACTIONS_LIMIT.max).default(REWARD_TRANSACTIONS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListRewardTransactionsQuery = z.infer<typeof listRewardTransactionsQuerySchema>;

/** A page of 'Recent Activity'. */
export const rewardTransactionPageSchema = z.object({
  items: z.array(rewardTransactionSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RewardTransactionPage = z.infer<typeof rewardTransactionPageSchema>;
