import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import type { RefundReason, TransactionStatus } from '@freemarket/contracts';
import { itemsForSale, stripeEvents, transactions, type TransactionRow } from '../db/schema/index.js';
import type { CancelReason } from './provider.js';

/** Records a provider event id; false when it was applied before (a redelivery). */
export async function firstDelivery(db: DbOrTx, eventId: string, type: string): Promise<boolean> {
  const inserted = await db.insert(stripeEvents).values({ id: eventId, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

/** The payment of an intent, locked for the caller's transaction unless `lock` is false. */
export async function findByIntent(db: DbOrTx, paymentIntentId: string, options: { lock?: boolean } = {}): Promise<TransactionRow | undefined> {
  const query = db.select().from(transactions).where(eq(transactions.stripePaymentIntentId, paymentIntentId));
  const [row] = options.lock === false ? await query : await query.for('update');
  return row;
}

/** Removes a payment the provider refused outright: it made no intent, so nothing is left to settle. */
export async function deleteTransaction(db: DbOrTx, id: string): Promise<void> {
  await db.delete(transactions).where(eq(transactions.id, id));
}

export async function setTransaction(
  db: DbOrTx,
  id: string,
  patch: {
    status?: TransactionStatus;
    amountRefunded?: string;
    succeededAt?: Date;
    cancelDueAt?: Date | null;
    cancelReason?: CancelReason | null;
    refundDueAt?: null;
  },
): Promise<void> {
  await db
    .update(transactions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(transactions.id, id));
}

/**
 * Whether the buyer owns the item or is enrolled in the tutorial through a payment other than
 * `except`: one that succeeded (and was announced) and was not refunded in full. A partial refund
 * keeps what was bought.
 */
export async function paidFor(db: DbOrTx, what: { itemId: string } | { tutorialId: string }, buyerId: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        'itemId' in what ? eq(transactions.itemId, what.itemId) : eq(transactions.tutorialId, what.tutorialId),
        eq(transactions.buyerId, buyerId),
        isNotNull(transactions.succeededAt),
        ne(transactions.status, 'refunded'),
        except ? ne(transactions.id, except) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Sells the item if it is still for sale; false when it was sold already. */
export async function markItemSold(db: DbOrTx, itemId: string): Promise<boolean> {
  const sold = await db
    .update(itemsForSale)
    .set({ status: 'sold', updatedAt: new Date() })
    .where(and(eq(itemsForSale.id, itemId), eq(itemsForSale.status, 'available')))
    .returning({ id: itemsForSale.id });
  return sold.length > 0;
}

/**
 * Stores the intent Stripe made for a payment still wanted; false when the payment ended while
 * Stripe made it (the buyer started again, the item sold or changed), whose intent must not be used.
 */
export async function storeIntent(db: DbOrTx, id: string, intentId: string): Promise<boolean> {
  const stored = await db
    .update(transactions)
    .set({ stripePaymentIntentId: intentId, updatedAt: new Date() })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending'), isNull(transactions.cancelDueAt)))
    .returning({ id: transactions.id });
  return stored.length > 0;
}

/**
 * A card payment its buyer can still pay (`isOpen` in transitions.ts): pending, or declined with
 * its intent still open at the provider, which keeps the buyer's form open for another card; and
 * not being ended.
 */
export const openPayment = and(
  ne(transactions.source, 'manual'),
  isNull(transactions.cancelDueAt),
  or(eq(transactions.status, 'pending'), and(eq(transactions.status, 'failed'), isNotNull(transactions.stripePaymentIntentId))),
);
/** A payment being ended whose intent Stripe has not yet confirmed canceled. */
const cancelDue = and(isNotNull(transactions.cancelDueAt), inArray(transactions.status, ['pending', 'failed']));
const newsWithin = (minutes: number) => sql`${transactions.updatedAt} > now() - make_interval(mins => ${minutes})`;

/** Whether another buyer's open payment for the item, with news in the last `minutes`, holds it. */
export async function heldByAnother(db: DbOrTx, itemId: string, buyerId: string, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.itemId, itemId), ne(transactions.buyerId, buyerId), openPayment, newsWithin(minutes)))
    .limit(1);
  return row !== undefined;
}

/** Makes the cancel of the open payments `where` picks due, for `reason`; returns their ids. */
async function requestCancelsWhere(db: DbOrTx, where: SQL | undefined, reason: CancelReason): Promise<string[]> {
  const now = new Date();
  const rows = await db
    .update(transactions)
    .set({ cancelDueAt: now, cancelReason: reason, updatedAt: now })
    .where(and(openPayment, where))
    .returning({ id: transactions.id });
  return rows.map((r) => r.id);
}

/** Payments started before `payment`. */
const startedBefore = (payment: Pick<TransactionRow, 'id' | 'createdAt'>) =>
  sql`(${transactions.createdAt}, ${transactions.id}) < (${payment.createdAt.toISOString()}::timestamptz, ${payment.id}::uuid)`;

/**
 * Makes the cancel of the item's open payments due and returns their ids: all but `keep` after a
 * sale, or only those started before `keep` when it is a newer payment (a still newer one wins).
 */
export async function requestCancels(db: DbOrTx, itemId: string, keep: Pick<TransactionRow, 'id' | 'createdAt'>, which: 'all' | 'older'): Promise<string[]> {
  return requestCancelsWhere(db, and(eq(transactions.itemId, itemId), ne(transactions.id, keep.id), which === 'older' ? startedBefore(keep) : undefined), 'duplicate');
}

/**
 * Makes the cancel of the buyer's open payments for the tutorial started before `keep` due (an
 * enrolment is paid once: the newest checkout wins), or all but `keep` once it succeeded; returns their ids.
 */
export async function requestEnrolmentCancels(db: DbOrTx, keep: Pick<TransactionRow, 'id' | 'createdAt' | 'buyerId'> & { tutorialId: string }, which: 'all' | 'older'): Promise<string[]> {
  const theirs = and(eq(transactions.tutorialId, keep.tutorialId), eq(transactions.buyerId, keep.buyerId), ne(transactions.id, keep.id));
  return requestCancelsWhere(db, and(theirs, which === 'older' ? startedBefore(keep) : undefined), 'duplicate');
}

/** What makes two payments the same checkout: who pays whom, what kind of payment, and for which item or tutorial, if any. */
export type CheckoutKey = Pick<TransactionRow, 'buyerId' | 'sellerId' | 'type' | 'itemId' | 'tutorialId'>;

/** The column holds `value`, or is null as `value` is. */
const sameAs = <T>(column: SQLWrapper & Column, value: T | null) => (value === null ? isNull(column) : eq(column, value));

const checkoutOf = (key: CheckoutKey) =>
  and(eq(transactions.buyerId, key.buyerId), eq(transactions.sellerId, key.sellerId), eq(transactions.type, key.type), sameAs(transactions.itemId, key.itemId), sameAs(transactions.tutorialId, key.tutorialId));

/** An open payment whose intent exists. */
export type OpenCheckout = TransactionRow & { stripePaymentIntentId: string };

/**
 * Holds the buyer's checkouts for the caller's transaction, so two opened at once (two tabs) are
 * checked one after the other and the second finds the first's payment.
 */
export async function lockCheckoutsOf(db: DbOrTx, buyerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('commerce.checkout'), hashtext(${buyerId}))`);
}

/**
 * The buyer's newest open checkout with this key, amount and description which had news within
 * `minutes` (the sweeper has not given up on it): the one to open again. Its intent may still be
 * in the making by another request (a second tab opened with the first), for up to
 * `makingSeconds` after it was started; one started before that has no intent coming.
 */
export async function findReopenable(
  db: DbOrTx,
  key: CheckoutKey & Pick<TransactionRow, 'amount' | 'description'>,
  { minutes, makingSeconds }: { minutes: number; makingSeconds: number },
): Promise<TransactionRow | undefined> {
  const intentMadeOrComing = or(isNotNull(transactions.stripePaymentIntentId), sql`${transactions.createdAt} > now() - make_interval(secs => ${makingSeconds})`);
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(checkoutOf(key), eq(transactions.amount, key.amount), sameAs(transactions.description, key.description), openPayment, newsWithin(minutes), intentMadeOrComing))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  return row;
}

/** Starts an open payment's age again (the buyer is back at its form); false once it has ended. */
export async function touchOpen(db: DbOrTx, id: string): Promise<boolean> {
  const touched = await db.update(transactions).set({ updatedAt: new Date() }).where(and(eq(transactions.id, id), openPayment)).returning({ id: transactions.id });
  return touched.length > 0;
}

/**
 * Makes the cancel of the buyer's open checkouts with `keep`'s key started before it due (the
 * newest checkout to a member, of a kind, is the one that can be paid); returns their ids.
 */
export async function requestCheckoutCancels(db: DbOrTx, keep: CheckoutKey & Pick<TransactionRow, 'id' | 'createdAt'>): Promise<string[]> {
  return requestCancelsWhere(db, and(checkoutOf(keep), ne(transactions.id, keep.id), startedBefore(keep)), 'duplicate');
}

/**
 * For the seller's change to an item: makes the cancel of its open payments due, and returns the
 * ids of every payment for it whose cancel is due, these and any made due before.
 */
export async function requestItemCancels(db: DbOrTx, itemId: string): Promise<string[]> {
  await requestCancelsWhere(db, eq(transactions.itemId, itemId), 'abandoned');
  const due = await db.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.itemId, itemId), cancelDue));
  return due.map((r) => r.id);
}

/** For a deleted member: makes the cancel of the open payments they make or receive due; returns their ids. */
export function requestMemberCancels(db: DbOrTx, userId: string): Promise<string[]> {
  return requestCancelsWhere(db, or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId)), 'abandoned');
}

/** Of `ids`, the payments whose cancel is due now, locked; rows another caller holds are skipped. */
export async function claimDue(db: DbOrTx, ids: readonly string[]): Promise<TransactionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(transactions)
    .where(and(inArray(transactions.id, [...ids]), cancelDue, lte(transactions.cancelDueAt, sql`now()`)))
    .for('update', { skipLocked: true });
}

/**
 * Claims up to `limit` payments to cancel, oldest news first, locked for the caller's transaction:
 * open ones with no news for `minutes`, and those whose cancel is due. Rows another instance holds
 * are skipped, not waited for.
 */
export async function claimToCancel(db: DbOrTx, minutes: number, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    // The status list repeats the partial index's condition, so the planner picks that index.
    .where(
      and(
        inArray(transactions.status, ['pending', 'failed']),
        or(and(openPayment, sql`${transactions.updatedAt} < now() - make_interval(mins => ${minutes})`), and(cancelDue, lte(transactions.cancelDueAt, sql`now()`))),
      ),
    )
    .orderBy(asc(transactions.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Makes the refund of a payment taken for an item already sold due now, saying why: `paid_twice`
 * when the payment that sold it was the same buyer's.
 */
export async function requestOversoldRefund(db: DbOrTx, payment: Pick<TransactionRow, 'id' | 'buyerId' | 'itemId'>): Promise<void> {
  const [sale] = payment.itemId
    ? await db
        .select({ buyerId: transactions.buyerId })
        .from(transactions)
        .where(and(eq(transactions.itemId, payment.itemId), isNotNull(transactions.succeededAt), ne(transactions.id, payment.id)))
        .limit(1)
    : [];
  await requestRefund(db, payment.id, sale?.buyerId === payment.buyerId ? 'paid_twice' : 'item_sold');
}

/** Makes the refund of a payment we must not keep due now, saying why. */
export async function requestRefund(db: DbOrTx, id: string, reason: RefundReason): Promise<void> {
  await db.update(transactions).set({ refundDueAt: sql`now()`, refundReason: reason, updatedAt: new Date() }).where(eq(transactions.id, id));
}

/** Holds claimed refunds for `minutes`: other callers skip them meanwhile, and they fall due again if no answer clears them. */
export async function leaseRefunds(db: DbOrTx, ids: readonly string[], minutes: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(transactions)
    .set({ refundDueAt: sql`now() + make_interval(mins => ${minutes})` })
    .where(inArray(transactions.id, [...ids]));
}

/**
 * Payments whose refund at the provider is due now, oldest first, locked: of `ids` when given, else
 * any. Rows another caller holds are skipped, not waited for.
 */
export async function claimRefundsDue(db: DbOrTx, options: { ids?: readonly string[]; limit: number }): Promise<TransactionRow[]> {
  if (options.ids?.length === 0) return [];
  return db
    .select()
    .from(transactions)
    .where(and(isNotNull(transactions.refundDueAt), lte(transactions.refundDueAt, sql`now()`), options.ids ? inArray(transactions.id, [...options.ids]) : undefined))
    .orderBy(asc(transactions.refundDueAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
}
