import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PRIVACY_FLAGS, PRIVACY_SECTION_FIELDS, type PrivacyFlag, type UserSummary } from '@freemarket/contracts';
import { profiles } from '../db/schema/index.js';

/** What privacy decisions need to know about a profile. */
export type PrivacySubject = { userId: string } & Record<PrivacyFlag, boolean>;

/** The owner sees every section; anyone else only the public ones. */
export function canSee<F extends PrivacyFlag>(profile: { userId: string } & Record<F, boolean>, flag: F, viewerId: string): boolean {
  return profile.userId === viewerId || profile[flag];
}

/**
 * Removes every private section from a profile-shaped answer for a viewer who is not the owner:
 * the fields are absent, not emptied, and a private contact section also withholds `user.email`.
 * Profile reads pass through here; answers Postgres writes itself (search results, map markers)
 * apply the same sections with `visibleSql` (search/items.ts).
 */
export function withoutPrivateSections<T extends PrivacySubject & { user?: UserSummary }>(profile: T, viewerId: string): T {
  if (profile.userId === viewerId) return profile;
  const out: Record<string, unknown> = { ...profile };
  for (const flag of PRIVACY_FLAGS) {
    if (profile[flag]) continue;
    for (const field of PRIVACY_SECTION_FIELDS[flag]) delete out[field];
  }
  if (!profile.contactInfoIsPublic && profile.user) out.user = { ...profile.user, email: null };
  return out as T;
}

/** `canSee` inside SQL, for answers Postgres assembles itself (search results, map markers); the viewer may be a prepared statement's placeholder. */
export function visibleSql(flag: PrivacyFlag, viewerId: string | Placeholder): SQL {
  return sql`(${profiles[flag]} or ${profiles.userId} = ${viewerId})`;
}
