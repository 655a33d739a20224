import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@freemarket/db';
import type { ProfileEvent } from '@freemarket/kit';
import { memberProfiles } from '../db/schema/index.js';

/** Keeps `member_profiles` (whose events are private) current from a directory profile event; the users projection's profile consumer runs it. */
export async function projectMemberProfile(tx: Tx, event: ProfileEvent): Promise<void> {
  // An event from before the flag existed means public (libs/contracts events).
  const row = { userId: event.data.userId, eventsIsPublic: event.data.eventsIsPublic ?? true, updatedAt: new Date(event.occurredAt) };
  await tx
    .insert(memberProfiles)
    .values(row)
    .onConflictDoUpdate({
      target: memberProfiles.userId,
      set: { eventsIsPublic: row.eventsIsPublic, updatedAt: row.updatedAt },
      // A late, older event must not undo a newer profile change.
      setWhere: sql`${memberProfiles.updatedAt} <= ${row.updatedAt.toISOString()}::timestamptz`,
    });
}

/** Whether the member's hosted and attended events are public; a member without a profile keeps the default (public). */
export async function eventsArePublic(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ eventsIsPublic: memberProfiles.eventsIsPublic }).from(memberProfiles).where(eq(memberProfiles.userId, userId));
  return row?.eventsIsPublic ?? true;
}
