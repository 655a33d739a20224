import { eq } from 'drizzle-orm';
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

export async function setTransaction(db: DbOrTx, id: string, patch: { status?: TransactionStatus; stripePaymentIntentId?: string }): Promise<void> {
  await db
    .update(transactions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(transactions.id, id));
}

export async function markItemSold(db: DbOrTx, itemId: string): Promise<void> {
  await db.update(itemsForSale).set({ status: 'sold', updatedAt: new Date() }).where(eq(itemsForSale.id, itemId));
}
