import type { UserSummary } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { userSummaries as summariesIn } from '@freemarket/kit';
import { users } from '../db/schema/index.js';

export { unknownUser } from '@freemarket/kit';

/** Public faces of members from social's users projection, by id; unknown ids are left out. */
export function userSummaries(db: DbOrTx, ids: readonly string[]): Promise<Map<string, UserSummary>> {
  return summariesIn(db, users, ids);
}

export async function memberExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await userSummaries(db, [id])).has(id);
}
