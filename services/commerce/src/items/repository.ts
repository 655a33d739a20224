import { and, desc, eq, type SQL } from 'drizzle-orm';
import { olderThan, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import type { ItemInput } from '@freemarket/contracts';
import { itemsForSale, memberProfiles, type ItemRow } from '../db/schema/index.js';

export async function insertItem(db: DbOrTx, userId: string, input: ItemInput): Promise<ItemRow> {
  const [row] = await db
    .insert(itemsForSale)
    .values({ userId, ...input })
    .returning();
  return row!;
}

export async function findItem(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<ItemRow | undefined> {
  const query = db.select().from(itemsForSale).where(eq(itemsForSale.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateItem(db: DbOrTx, id: string, patch: Partial<ItemInput & Pick<ItemRow, 'status'>>): Promise<ItemRow> {
  const [row] = await db
    .update(itemsForSale)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(itemsForSale.id, id))
    .returning();
  return row!;
}

export async function deleteItem(db: DbOrTx, id: string): Promise<void> {
  await db.delete(itemsForSale).where(eq(itemsForSale.id, id));
}

/** One page of a seller's items, newest first. */
export function pageItems(db: DbOrTx, userId: string, options: { after?: TimeIdKey; limit: number }): Promise<ItemRow[]> {
  const conditions: SQL[] = [eq(itemsForSale.userId, userId)];
  if (options.after) conditions.push(olderThan(itemsForSale.createdAt, itemsForSale.id, options.after));
  return db
    .select()
    .from(itemsForSale)
    .where(and(...conditions))
    .orderBy(desc(itemsForSale.createdAt), desc(itemsForSale.id))
    .limit(options.limit + 1);
}

/** Whether others may see the member's items; without a profile, the default (public). */
export async function itemsArePublic(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ isPublic: memberProfiles.itemsForSaleIsPublic }).from(memberProfiles).where(eq(memberProfiles.userId, userId));
  return row?.isPublic ?? true;
}
