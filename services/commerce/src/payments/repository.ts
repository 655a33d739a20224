import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import type { TransactionStatus } from '@freemarket/contracts';
import { itemsForSale, stripeEvents, transactions, type TransactionRow } from '../db/schema/index.js';

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
  patch: { status?: TransactionStatus; stripePaymentIntentId?: string; amountRefunded?: string; succeededAt?: Date },
): Promise<void> {
  await db
    .update(transactions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(transactions.id, id));
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
 * A card payment its buyer can still pay (`isOpen` in transitions.ts): pending, or declined with
 * its intent still open at the provider, which keeps the buyer's form open for another card.
 */
const open = and(
  ne(transactions.source, 'manual'),
  or(eq(transactions.status, 'pending'), and(eq(transactions.status, 'failed'), isNotNull(transactions.stripePaymentIntentId))),
);
const newsWithin = (minutes: number) => sql`${transactions.updatedAt} > now() - make_interval(mins => ${minutes})`;

/** Whether another buyer's open payment for the item, with news in the last `minutes`, holds it. */
export async function heldByAnother(db: DbOrTx, itemId: string, buyerId: string, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.itemId, itemId), ne(transactions.buyerId, buyerId), open, newsWithin(minutes)))
    .limit(1);
  return row !== undefined;
}

/** Whether any open payment for the item exists, however old: until it ends, the item's price is the one being paid. */
export async function hasOpenPayment(db: DbOrTx, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.itemId, itemId), open))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks every open payment for the item but `keepId` canceled and returns them, for the caller to
 * cancel at the provider once its transaction commits.
 */
export async function cancelOtherOpenPayments(db: DbOrTx, itemId: string, keepId: string): Promise<TransactionRow[]> {
  return db
    .update(transactions)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(transactions.itemId, itemId), ne(transactions.id, keepId), open))
    .returning();
}

/**
 * Claims up to `limit` open card payments with no news for `minutes`, oldest first, locked for the
 * caller's transaction; rows another instance holds are skipped, not waited for.
 */
export async function claimAbandoned(db: DbOrTx, minutes: number, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    // The status list repeats the partial index's condition, so the planner picks that index.
    .where(and(inArray(transactions.status, ['pending', 'failed']), open, sql`${transactions.updatedAt} < now() - make_interval(mins => ${minutes})`))
    .orderBy(asc(transactions.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
