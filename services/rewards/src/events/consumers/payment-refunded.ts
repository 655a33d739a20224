import { REWARD_RULES } from '@freemarket/contracts';
import { wholeDollars, type TakeBackRule } from '../../credits/earning.js';

/**
 * The refunded whole dollars' points leave the payer's balance. The event carries the total
 * refunded so far, so a late or repeated refund takes nothing more.
 */
export const paymentRefunded: TakeBackRule<'payment.refunded'> = {
  type: 'payment.refunded',
  toTakeBack: (data) => ({
    userId: data.buyerId,
    action: 'purchase',
    relatedId: data.transactionId,
    total: wholeDollars(data.amountRefunded) * REWARD_RULES.purchase.points,
    description: `Refund of $${data.amountRefunded} of $${data.amount}: points taken back`,
    creditAnnounced: data.succeededAnnounced,
  }),
};
