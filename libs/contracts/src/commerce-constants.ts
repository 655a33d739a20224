/**
 * Money as it travels, numeric(10,2): digits, at most two decimals, below 100,000,000. No comma:
 * '12,50' is 12.50 to some members and 1,250 to others.
 */
export const MONEY_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;
/** The largest amount MONEY_PATTERN admits (numeric(10,2)): an item's price, an expense, a logged payment. */
export const MONEY_MAX_AMOUNT = 99_999_999.99;

/** The largest single card payment, in dollars: beyond it a typo, not a purchase. */
export const PAYMENT_MAX_AMOUNT = 10_000;
/** The smallest card payment, in dollars: Stripe's minimum charge in USD. */
export const PAYMENT_MIN_AMOUNT = '0.50';

/** Whether one card payment can be this amount; an item priced outside it is paid to its seller directly. */
export function isCardAmount(amount: string): boolean {
  const dollars = Number(amount);
  return dollars >= Number(PAYMENT_MIN_AMOUNT) && dollars <= PAYMENT_MAX_AMOUNT;
}

/** Spec 01 §9. */
export const TRANSACTION_TYPES = ['purchase', 'donation', 'transfer'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Spec 01 §9; `barter` is shown as Barter/Trade. */
export const PAYMENT_METHODS = ['cash', 'venmo', 'paypal', 'zelle', 'check', 'bank_transfer', 'barter', 'iou', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
