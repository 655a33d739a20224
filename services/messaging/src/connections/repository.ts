import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { acceptedConnections } from '../db/schema/index.js';

export interface ConnectionPair {
  connectionId: string;
  requesterId: string;
  addresseeId: string;
}

/** Records an accepted connection; a tombstone of the same connection stays, so a late acceptance cannot undo a removal. */
export async function recordAccepted(db: DbOrTx, pair: ConnectionPair): Promise<void> {
  await db.insert(acceptedConnections).values(pair).onConflictDoNothing();
}

/** Leaves a tombstone for a removed connection, whether or not its acceptance arrived first. */
export async function recordRemoved(db: DbOrTx, pair: ConnectionPair, removedAt: Date): Promise<void> {
  await db
    .insert(acceptedConnections)
    .values({ ...pair, removedAt })
    .onConflictDoUpdate({ target: acceptedConnections.connectionId, set: { removedAt } });
}

/** The members `memberId` is connected to now, as far as the events consumed so far tell. */
export async function connectedMembers(db: DbOrTx, memberId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      other: sql<string>`case when ${acceptedConnections.requesterId} = ${memberId} then ${acceptedConnections.addresseeId} else ${acceptedConnections.requesterId} end`,
    })
    .from(acceptedConnections)
    .where(and(isNull(acceptedConnections.removedAt), or(eq(acceptedConnections.requesterId, memberId), eq(acceptedConnections.addresseeId, memberId))));
  return rows.map((r) => r.other);
}
