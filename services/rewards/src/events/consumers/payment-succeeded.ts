import { REWARD_RULES } from '@freemarket/contracts';
import { wholeDollars, type EarningRule } from '../../credits/earning.js';

/**
 * 1 point per whole dollar to the payer, once per payment. Only card payments confirmed by the
 * provider emit this; logged (manual) payments verify nothing and earn nothing.
 */
export const paymentSucceeded: EarningRule<'payment.succeeded'> = {
  type: 'payment.succeeded',
  toEarning: (data) => {
    const points = wholeDollars(data.amount) * REWARD_RULES.purchase.points;
    const refused = data.buyerId === data.sellerId ? ('self' as const) : points === 0 ? ('under_one_dollar' as const) : undefined;
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
