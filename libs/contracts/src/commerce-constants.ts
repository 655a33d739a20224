/** Spec 01 §9. */
export const TRANSACTION_TYPES = ['purchase', 'donation', 'transfer'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Spec 01 §9; `barter` is shown as Barter/Trade. */
export const PAYMENT_METHODS = ['cash', 'venmo', 'paypal', 'zelle', 'check', 'bank_transfer', 'barter', 'iou', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
