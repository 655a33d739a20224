import { REWARD_RULES, type EventData, type NotCreditedReason } from '@freemarket/contracts';
import { wholeDollars, type EarningRule } from '../../credits/earning.js';

/**
 * 1 point per whole dollar to the buyer of a purchase, once per payment (spec 02 §9). Donations
 * and transfers are recorded without points: money sent back and forth must not mint points.
 * Only card payments confirmed by the provider emit this; logged (manual) payments earn nothing.
 */
export const paymentSucceeded: EarningRule<'payment.succeeded'> = {
  type: 'payment.succeeded',
  toEarning: (data) => {
    const points = wholeDollars(data.amount) * REWARD_RULES.purchase.points;
    const refused = refusal(data, points);
    return {
      userId: data.buyerId,
      action: 'purchase',
      relatedId: data.transactionId,
      points,
      description: `${data.type === 'donation' ? 'Donation' : data.type === 'transfer' ? 'Money transfer' : 'Purchase'} of $${data.amount}`,
      ...(refused ? { refused } : {}),
    };
  },
};

function refusal(data: EventData<'payment.succeeded'>, points: number): NotCreditedReason | undefined {
  if (data.buyerId === data.sellerId) return 'self';
  if (data.type !== 'purchase') return 'not_a_purchase';
  return points === 0 ? 'under_one_dollar' : undefined;
}
