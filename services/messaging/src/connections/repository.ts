import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import type { ServiceRuntime } from '@freemarket/kit';
import { acceptedConnections } from '../db/schema/index.js';

/**
 * Keeps `accepted_connections` from social's events. The two types have separate durable
 * consumers, so they can arrive in either order; a removal leaves a tombstone that a late
 * acceptance of the same connection cannot undo.
 */
export function projectConnections(runtime: ServiceRuntime): void {
  runtime.consumeOnce('connection.accepted', async (tx, event) => {
    const { connectionId, requesterId, addresseeId } = event.data;
    await tx.insert(acceptedConnections).values({ connectionId, requesterId, addresseeId }).onConflictDoNothing();
  });
  runtime.consumeOnce('connection.removed', async (tx, event) => {
    const { connectionId, requesterId, addresseeId } = event.data;
    const removedAt = new Date(event.occurredAt);
    await tx
      .insert(acceptedConnections)
      .values({ connectionId, requesterId, addresseeId, removedAt })
      .onConflictDoUpdate({ target: acceptedConnections.connectionId, set: { removedAt } });
  });
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
