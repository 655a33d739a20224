import type { MemberName, UserSummary } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { unknownUser, userSummaries as summariesIn } from '@freemarket/kit';
import { users } from '../db/schema/index.js';

export { unknownUser } from '@freemarket/kit';

/** Faces of members from social's users projection, by id, as the viewer may see them; unknown ids are left out. */
export function userSummaries(db: DbOrTx, ids: readonly string[], viewerId: string): Promise<Map<string, UserSummary>> {
  return summariesIn(db, users, ids, viewerId);
}

export async function memberExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await userSummaries(db, [id], id)).has(id);
}

/** How the feed and surveys name members: name and photo, never the e-mail. */
export async function memberNames(db: DbOrTx, ids: readonly string[]): Promise<(id: string) => MemberName> {
  // No e-mail is shown, so whose view it is does not matter.
  const people = await userSummaries(db, ids, '');
  return (id) => {
    const { firstName, lastName, profileImageUrl } = people.get(id) ?? unknownUser(id);
    return { id, firstName, lastName, profileImageUrl };
  };
}
