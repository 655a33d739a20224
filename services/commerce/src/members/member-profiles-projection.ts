import { sql } from 'drizzle-orm';
import type { ServiceRuntime } from '@freemarket/kit';
import { memberProfiles } from '../db/schema/index.js';

/** Keeps `member_profiles` current from the directory's profile events (who is a political candidate, whose items are private). */
export function projectMemberProfiles(runtime: ServiceRuntime): void {
  for (const type of ['profile.created', 'profile.updated'] as const) {
    runtime.consumeOnce(type, async (tx, event) => {
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
    });
  }
}
