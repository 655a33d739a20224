import type { UserSummary } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { unknownUser, userSummaries } from '@freemarket/kit';
import { users } from '../db/schema/index.js';

/** Faces of members from messaging's users projection, by id, as the viewer may see them; unknown ids are left out. */
export function memberSummaries(db: DbOrTx, ids: readonly string[], viewerId: string): Promise<Map<string, UserSummary>> {
  return userSummaries(db, users, ids, viewerId);
}

export function summaryOf(people: Map<string, UserSummary>, id: string): UserSummary {
  return people.get(id) ?? unknownUser(id);
}
