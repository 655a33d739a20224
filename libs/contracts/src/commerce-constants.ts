/** The largest single card payment, in dollars: beyond it a typo, not a purchase. */
export const PAYMENT_MAX_AMOUNT = 10_000;
/** The smallest card payment, in dollars: Stripe's minimum charge in USD. An item's price stays within both, so Buy Now can always pay it. */
export const PAYMENT_MIN_AMOUNT = '0.50';

/** Spec 01 §9. */
export const TRANSACTION_TYPES = ['purchase', 'donation', 'transfer'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Spec 01 §9; `barter` is shown as Barter/Trade. */
export const PAYMENT_METHODS = ['cash', 'venmo', 'paypal', 'zelle', 'check', 'bank_transfer', 'barter', 'iou', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
