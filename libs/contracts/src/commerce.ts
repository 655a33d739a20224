import { z } from 'zod';
import { userSummarySchema } from './users.js';

import { MONEY_MAX_AMOUNT, MONEY_PATTERN, PAYMENT_METHODS, TRANSACTION_TYPES } from './commerce-constants.js';

export * from './commerce-constants.js';
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

/**
 * `manual`: logged by the payer, verified by nobody; `stripe`: confirmed by Stripe; `development`:
 * confirmed by local mode's development payment provider (no real money).
 */
export const transactionSourceSchema = z.enum(['manual', 'stripe', 'development']);
export type TransactionSource = z.infer<typeof transactionSourceSchema>;

/**
 * `recorded` is a manual log; the others follow a card payment. `canceled`: abandoned (never
 * confirmed in time, or canceled at Stripe), no money moved; `partially_refunded`: part of the
 * money went back (`amountRefunded` says how much).
 */
export const TRANSACTION_STATUSES = ['recorded', 'pending', 'succeeded', 'failed', 'canceled', 'partially_refunded', 'refunded'] as const;
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/**
 * Why FreeMarket gives a card payment back on its own, its item having been sold by another
 * payment moments before this one was taken: `paid_twice`, that payment was the same buyer's (two
 * tabs); `item_sold`, it was another buyer's (two confirms at the same instant); or, for a
 * tutorial, `already_enrolled`: the buyer's other payment for it had enrolled them already.
 */
export const REFUND_REASONS = ['paid_twice', 'item_sold', 'already_enrolled'] as const;
export const refundReasonSchema = z.enum(REFUND_REASONS);
export type RefundReason = z.infer<typeof refundReasonSchema>;

/** Longest description of a logged transaction, in characters. */
export const TRANSACTION_DESCRIPTION_MAX = 500;

/** A rule an amount must keep, and the message when it does not. */
export type AmountRule = readonly [keep: (amount: string) => boolean, message: string];

/** Digits with at most two decimals, above zero: every amount's first rules, before its ceiling. */
export const amountFormRules: readonly AmountRule[] = [
  [(v) => /^\d+(\.\d{1,2})?$/.test(v), 'must be an amount like 12.50: digits, at most two decimals'],
  [(v) => Number(v) > 0, 'must be greater than 0'],
];

/** A positive amount with at most two decimals that fits numeric(10,2). */
export const positiveAmountRules: readonly AmountRule[] = [
  ...amountFormRules,
  [(v) => MONEY_PATTERN.test(v), `must be at most ${MONEY_MAX_AMOUNT.toLocaleString('en-US')}`],
];

/** An amount string held to `rules` in order: a bad amount gets the first broken rule's message alone. */
export function amountSchema(rules: readonly AmountRule[]) {
  return z.string().superRefine((amount, ctx) => {
    const broken = rules.find(([keep]) => !keep(amount));
    if (broken) ctx.addIssue({ code: 'custom', message: broken[1] });
  });
}

/** Money as it travels: a string, positive, at most two decimals, fitting numeric(10,2). */
export const positiveAmountSchema = amountSchema(positiveAmountRules);

/** `POST /api/transactions/manual`: a payment made outside FreeMarket, logged by the payer. */
export const recordManualTransactionSchema = z.object({
  amount: positiveAmountSchema,
  sellerId: z.string().min(1).max(255),
  type: transactionTypeSchema.default('purchase'),
  paymentMethod: paymentMethodSchema,
  description: z.string().trim().max(TRANSACTION_DESCRIPTION_MAX).nullish(),
});
export type RecordManualTransaction = z.infer<typeof recordManualTransactionSchema>;

/** A transaction as the API answers it. */
export const transactionSchema = z.object({
  id: z.uuid(),
  buyerId: z.string(),
  sellerId: z.string(),
  itemId: z.uuid().nullable(),
  /** The tutorial the payment enrols the buyer in, when it is for one. */
  tutorialId: z.uuid().nullable(),
  amount: z.string(),
  type: transactionTypeSchema,
  source: transactionSourceSchema,
  paymentMethod: z.string().nullable(),
  status: transactionStatusSchema,
  /** Money given back so far by refunds ('0.00' when none). */
  amountRefunded: z.string(),
  /** Set when FreeMarket refunds the payment on its own, from before the refund is done; null otherwise. */
  refundReason: refundReasonSchema.nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  /** From the users projection; null while the member is not yet known there. */
  buyer: userSummarySchema.nullable(),
  seller: userSummarySchema.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** `limit` of `GET /api/transactions`. */
export const TRANSACTIONS_LIMIT = { default: 20, max: 100 } as const;

/**
 * `GET /api/transactions?role&type&status&itemId&tutorialId`: the signed-in member's own transactions, newest first.
 * Without `status`, a payer's checkouts never paid (`pending`, `canceled`) are left out.
 */
export const listTransactionsQuerySchema = z.object({
  role: z.enum(['all', 'buyer', 'seller']).default('all'),
  type: transactionTypeSchema.optional(),
  status: transactionStatusSchema.optional(),
  /** Payments for this item, or enrolling in this tutorial (the checkout asks whether its buyer has one already). */
  itemId: z.uuid().optional(),
  tutorialId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(TRANSACTIONS_LIMIT.max).default(TRANSACTIONS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;

/** A page of `GET /api/transactions`; `nextCursor` is null on the last page. */
export const transactionPageSchema = z.object({
  items: z.array(transactionSchema),
  nextCursor: z.string().nullable(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const transactionParamsSchema = z.object({ id: z.uuid() });
