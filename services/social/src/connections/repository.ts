import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ConnectionStatus } from '@freemarket/contracts';
import { olderThan, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import { connections, type ConnectionRow } from '../db/schema/index.js';

/** The pair's connection (whichever side asked), locked for the caller's transaction when asked. */
export async function findPair(db: DbOrTx, a: string, b: string, options: { lock?: boolean } = {}): Promise<ConnectionRow | undefined> {
  const query = db
    .select()
    .from(connections)
    .where(
      and(
        sql`least(${connections.requesterId}, ${connections.addresseeId}) = least(${a}::text, ${b}::text)`,
        sql`greatest(${connections.requesterId}, ${connections.addresseeId}) = greatest(${a}::text, ${b}::text)`,
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findById(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<ConnectionRow | undefined> {
  const query = db.select().from(connections).where(eq(connections.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Inserts a pending request; undefined when the pair got a row meanwhile (a concurrent request). */
export async function insertPending(db: DbOrTx, requesterId: string, addresseeId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.insert(connections).values({ requesterId, addresseeId }).onConflictDoNothing().returning();
  return row;
}

export async function updateConnection(db: DbOrTx, id: string, patch: Partial<Omit<ConnectionRow, 'id' | 'createdAt'>>): Promise<ConnectionRow> {
  const [row] = await db
    .update(connections)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(connections.id, id))
    .returning();
  return row!;
}

export async function deleteConnection(db: DbOrTx, id: string): Promise<void> {
  await db.delete(connections).where(eq(connections.id, id));
}

/** One page of a member's connections, newest first, keyed on (createdAt, id). */
export async function pageConnections(
  db: DbOrTx,
  memberId: string,
  options: { status?: ConnectionStatus; after?: TimeIdKey; limit: number },
): Promise<ConnectionRow[]> {
  const conditions: SQL[] = [or(eq(connections.requesterId, memberId), eq(connections.addresseeId, memberId))!];
  if (options.status) conditions.push(eq(connections.status, options.status));
  if (options.after) {
    conditions.push(olderThan(connections.createdAt, connections.id, options.after));
  }
  return db
    .select()
    .from(connections)
    .where(and(...conditions))
    .orderBy(desc(connections.createdAt), desc(connections.id))
    .limit(options.limit + 1);
}
