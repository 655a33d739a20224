import { REWARD_RULES } from '@freemarket/contracts';
import type { EarningRule } from '../../credits/earning.js';

/** +10 to the reviewer, once per member reviewed: deleting and re-posting a review pays nothing more. */
export const reviewCreated: EarningRule<'review.created'> = {
  type: 'review.created',
  toEarning: (data) => ({
    userId: data.reviewerId,
    action: 'review',
    relatedId: data.revieweeId,
    points: REWARD_RULES.review.points,
    description: 'Wrote a review',
    ...(data.reviewerId === data.revieweeId ? { refused: 'self' as const } : {}),
  }),
};
