import { inArray, sql } from 'drizzle-orm';
import type { UserSummary } from '@freemarket/contracts';
import type { DbOrTx, UsersProjectionTable } from '@freemarket/db';
import type { ServiceRuntime } from './runtime.js';

/** Keeps a service's `users` projection current from `user.upserted` (ARCHITECTURE §1). */
export function projectUsers(runtime: ServiceRuntime, table: UsersProjectionTable): void {
  runtime.consumeOnce('user.upserted', async (tx, event) => {
    const { id, email, firstName, lastName, profileImageUrl } = event.data;
    const row = { id, email, firstName, lastName, profileImageUrl, updatedAt: new Date(event.occurredAt) };
    await tx
      .insert(table)
      .values(row)
      .onConflictDoUpdate({
        target: table.id,
        set: { email, firstName, lastName, profileImageUrl, updatedAt: row.updatedAt },
        // An older event arriving late must not overwrite a newer name.
        setWhere: sql`${table.updatedAt} <= ${row.updatedAt.toISOString()}::timestamptz`,
      });
  });
}

/** Public faces of members from a `users` projection, by id; unknown ids are left out. */
export async function userSummaries(db: DbOrTx, table: UsersProjectionTable, ids: readonly string[]): Promise<Map<string, UserSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, firstName: table.firstName, lastName: table.lastName, email: table.email, profileImageUrl: table.profileImageUrl })
    .from(table)
    .where(inArray(table.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A member the projection has not heard of yet (the seconds after sign-up): their id with empty
 * fields, so an answer never fails for want of a name.
 */
export function unknownUser(id: string): UserSummary {
  return { id, firstName: null, lastName: null, email: null, profileImageUrl: null };
}
