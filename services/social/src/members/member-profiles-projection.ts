import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import type { ServiceRuntime } from '@freemarket/kit';
import { memberProfiles } from '../db/schema/index.js';

/** Keeps `member_profiles` current from the directory's profile events (whose events are private). */
export function projectMemberProfiles(runtime: ServiceRuntime): void {
  for (const type of ['profile.created', 'profile.updated'] as const) {
    runtime.consumeOnce(type, async (tx, event) => {
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
    });
  }
}

/** Whether the member's hosted and attended events are public; a member without a profile keeps the default (public). */
export async function eventsArePublic(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ eventsIsPublic: memberProfiles.eventsIsPublic }).from(memberProfiles).where(eq(memberProfiles.userId, userId));
  return row?.eventsIsPublic ?? true;
}
