import { inArray } from 'drizzle-orm';
import type { UserSummary } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { users } from '../db/schema/index.js';

/** Public faces of members from the users projection, by id; unknown ids are left out. */
export async function userSummaries(db: DbOrTx, ids: readonly string[]): Promise<Map<string, UserSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, profileImageUrl: users.profileImageUrl })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A member the projection has not heard of yet (the seconds after sign-up): their id with empty
 * fields, so an answer never fails for want of a name.
 */
export function unknownUser(id: string): UserSummary {
  return { id, firstName: null, lastName: null, email: null, profileImageUrl: null };
}

export async function memberExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await userSummaries(db, [id])).has(id);
}
