import type { RefundReason, TransactionSource, TransactionStatus } from '@freemarket/contracts';
import { TRANSACTION_TYPES, type TransactionType } from '@freemarket/contracts/constants';
import { formatMoney, readCardAmount } from '../../../lib/money';

/**
 * A typed or linked amount as the server takes it ('12.5' → '12.50'), or what is wrong with it, in
 * the words of every money field; `size` marks an amount written right that is below or above what
 * one card payment can be (PAYMENT_MIN_AMOUNT to PAYMENT_MAX_AMOUNT).
 */
export function parseAmount(raw: string): { amount: string } | { error: string; size?: true } {
  const read = readCardAmount(raw);
  if (!('error' in read)) return read;
  return read.reason === 'tooLarge' || read.reason === 'tooSmall' ? { error: read.error, size: true } : { error: read.error };
}

/** The query's type, 'purchase' when absent (spec 02 §2); null for a type the server does not know. */
export function parseType(raw: string | null): TransactionType | null {
  if (!raw) return 'purchase';
  return (TRANSACTION_TYPES as readonly string[]).includes(raw) ? (raw as TransactionType) : null;
}

/** Spec 02 §2: the submit button's text. */
export function submitLabel(type: TransactionType, amount: string): string {
  const money = formatMoney(amount);
  if (type === 'donation') return `Donate ${money}`;
  if (type === 'transfer') return `Send ${money}`;
  return `Pay ${money}`;
}

/** Spec 02 §8: the success toast's text for each type. */
export const SUCCESS_TEXT: Readonly<Record<TransactionType, string>> = {
  donation: 'Thank you for your donation!',
  transfer: 'Money sent successfully!',
  purchase: 'Thank you for your purchase!',
};

export const TYPE_LABELS: Readonly<Record<TransactionType, string>> = { purchase: 'Purchase', donation: 'Donation', transfer: 'Transfer' };

/** Every status, in the history filter's order; the record type keeps it in step with the contract. */
export const STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  succeeded: 'Succeeded',
  pending: 'Pending',
  failed: 'Failed',
  canceled: 'Canceled',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  recorded: 'Logged',
};

/** Why FreeMarket gives a payment back of its own accord, as its payer and its payee read it. */
export const REFUND_REASON_TEXT: Readonly<Record<RefundReason, { payer: string; payee: string }>> = {
  paid_twice: {
    payer: 'You had already paid for this item in another payment',
    payee: 'The buyer had already paid for this item in another payment',
  },
  item_sold: {
    payer: 'Someone else bought this item just before your payment went through',
    payee: 'The item had already been sold when this payment went through',
  },
  already_enrolled: {
    payer: 'You were already enrolled in this tutorial through another payment',
    payee: 'The buyer was already enrolled in this tutorial through another payment',
  },
};

export const SOURCE_LABELS: Readonly<Record<TransactionSource, string>> = {
  stripe: 'Card (Stripe)',
  development: 'Development payment (no real money)',
  manual: 'Logged by hand',
};
