import { REWARD_RULES } from '@freemarket/contracts';
import type { EarningRule } from '../../credits/earning.js';

/** +20 to the referrer, once per referral. */
export const referralCreated: EarningRule<'referral.created'> = {
  type: 'referral.created',
  toEarning: (data) => ({
    userId: data.referrerId,
    action: 'referral',
    relatedId: data.referralId,
    points: REWARD_RULES.referral.points,
    // The name is the producer's free text: keep it short, and without NUL, which Postgres refuses.
    description: `Referred ${data.businessName.replaceAll('\u0000', '')}`.slice(0, 300),
  }),
};
