import { sql } from 'drizzle-orm';
import type { Tx } from '@freemarket/db';
import type { ProfileEvent } from '@freemarket/kit';
import { memberProfiles } from '../db/schema/index.js';

/** Keeps `member_profiles` (who is a political candidate, whose items are private) current from a directory profile event; the users projection's profile consumer runs it. */
export async function projectMemberProfile(tx: Tx, event: ProfileEvent): Promise<void> {
  // An event from before the items flag existed means public (libs/contracts events).
  const row = {
    userId: event.data.userId,
    isPoliticalCandidate: event.data.isPoliticalCandidate,
    itemsForSaleIsPublic: event.data.itemsForSaleIsPublic ?? true,
    updatedAt: new Date(event.occurredAt),
  };
  await tx
    .insert(memberProfiles)
    .values(row)
    .onConflictDoUpdate({
      target: memberProfiles.userId,
      set: { isPoliticalCandidate: row.isPoliticalCandidate, itemsForSaleIsPublic: row.itemsForSaleIsPublic, updatedAt: row.updatedAt },
      // A late, older event must not undo a newer profile change.
      setWhere: sql`${memberProfiles.updatedAt} <= ${row.updatedAt.toISOString()}::timestamptz`,
    });
}
