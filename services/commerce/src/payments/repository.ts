import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import type { TransactionStatus } from '@freemarket/contracts';
import { itemsForSale, stripeEvents, transactions, type TransactionRow } from '../db/schema/index.js';

/** Records a provider event id; false when it was applied before (a redelivery). */
export async function firstDelivery(db: DbOrTx, eventId: string, type: string): Promise<boolean> {
  const inserted = await db.insert(stripeEvents).values({ id: eventId, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

export async function findByIntent(db: DbOrTx, paymentIntentId: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.stripePaymentIntentId, paymentIntentId)).for('update');
  return row;
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

/** Whether another buyer has a card payment for the item started in the last `minutes`. */
export async function reservedByAnother(db: DbOrTx, itemId: string, buyerId: string, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.itemId, itemId),
        ne(transactions.buyerId, buyerId),
        eq(transactions.status, 'pending'),
        ne(transactions.source, 'manual'),
        sql`${transactions.createdAt} > now() - make_interval(mins => ${minutes})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Claims up to `limit` card payments still pending with no news for `minutes`, oldest first,
 * locked for the caller's transaction; rows another instance holds are skipped, not waited for.
 */
export async function claimAbandoned(db: DbOrTx, minutes: number, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.status, 'pending'), ne(transactions.source, 'manual'), sql`${transactions.updatedAt} < now() - make_interval(mins => ${minutes})`))
    .orderBy(asc(transactions.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}
