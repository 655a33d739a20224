import { sql } from 'drizzle-orm';
import { check, index, numeric, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { RefundReason, TransactionSource, TransactionStatus, TransactionType } from '@freemarket/contracts';
import type { CancelReason } from '../../payments/provider.js';
import { commerce } from './commerce-schema.js';
import { itemsForSale } from './items-for-sale.js';
import { tutorials } from './tutorials.js';

/**
 * Payments between members (spec 02 §3 `transactions`): logged by hand (`source = 'manual'`,
 * status `recorded`) or made by card (`source = 'stripe'`, or `development` in local mode), pending
 * until the provider's signed webhook settles them.
 */
export const transactions = commerce.table(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id').notNull(),
    sellerId: text('seller_id').notNull(),
    /** The item bought, when there is one; deleting the item keeps the payment. */
    itemId: uuid('item_id').references(() => itemsForSale.id, { onDelete: 'set null' }),
    /** The tutorial the payment enrols its buyer in, when there is one; its creator's deletion keeps the payment. */
    tutorialId: uuid('tutorial_id').references(() => tutorials.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    type: varchar('type', { length: 20 }).notNull().default('purchase').$type<TransactionType>(),
    source: varchar('source', { length: 20 }).notNull().default('stripe').$type<TransactionSource>(),
    paymentMethod: varchar('payment_method', { length: 50 }),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    status: varchar('status', { length: 20 }).notNull().default('pending').$type<TransactionStatus>(),
    /** The total refunded so far (Stripe's charge `amount_refunded`), never more than `amount`. */
    amountRefunded: numeric('amount_refunded', { precision: 10, scale: 2 }).notNull().default('0'),
    description: text('description'),
    /**
     * Set when the payment must end (replaced, its item sold or changed, a party deleted) but Stripe
     * has not yet confirmed its intent canceled: from then on the sweeper asks Stripe, and only then
     * marks it canceled. Null when no cancel is wanted.
     */
    cancelDueAt: timestamp('cancel_due_at', { withTimezone: true, precision: 3 }),
    /** Why the cancel is due, in Stripe's words; set and cleared with `cancelDueAt`. */
    cancelReason: varchar('cancel_reason', { length: 20 }).$type<CancelReason>(),
    /**
     * Set when Stripe took money we must give back (its item was sold already): the refund is asked
     * for right after the commit, and by the sweeper until Stripe takes the request. Null when none is wanted.
     */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true, precision: 3 }),
    /** Why we refund it of our own accord; set with `refundDueAt` and kept after, for the payer to read. */
    refundReason: varchar('refund_reason', { length: 20 }).$type<RefundReason>(),
    /** When Stripe confirmed the money taken (and `payment.succeeded` went out); null before. */
    succeededAt: timestamp('succeeded_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('transactions_amount_positive', sql`${t.amount} > 0`),
    index('transactions_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index('transactions_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('transactions_payment_intent_uq').on(t.stripePaymentIntentId),
    // The expiry sweep's scan: card payments still open (pending, or declined with the form open), oldest news first.
    index('transactions_open_updated_idx').on(t.updatedAt).where(sql`${t.status} in ('pending', 'failed')`),
    // The sweeper's other scan: payments whose cancel at Stripe is due.
    index('transactions_cancel_due_idx').on(t.cancelDueAt).where(sql`${t.cancelDueAt} is not null`),
    // The sweeper's third scan: payments whose refund at Stripe is due.
    index('transactions_refund_due_idx').on(t.refundDueAt).where(sql`${t.refundDueAt} is not null`),
    // A buyer's open checkouts to one member: the one opened again on a reload, the earlier ones a new one cancels.
    index('transactions_open_buyer_seller_idx').on(t.buyerId, t.sellerId).where(sql`${t.status} in ('pending', 'failed')`),
    // An item's open payments (its hold, the seller's changes, a sale), and the item's deletion setting itemId null.
    index('transactions_item_idx').on(t.itemId),
    // A buyer's payments for a tutorial (already enrolled, earlier checkouts), and the tutorial's deletion setting tutorialId null.
    index('transactions_tutorial_buyer_idx').on(t.tutorialId, t.buyerId),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;
