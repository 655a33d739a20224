import { PRIVACY_FLAGS, PRIVACY_SECTION_FIELDS, type PrivacyFlag, type UserSummary } from '@freemarket/contracts';

/** What privacy decisions need to know about a profile. */
export type PrivacySubject = { userId: string } & Record<PrivacyFlag, boolean>;

/** The owner sees every section; anyone else only the public ones. */
export function canSee<F extends PrivacyFlag>(profile: { userId: string } & Record<F, boolean>, flag: F, viewerId: string): boolean {
  return profile.userId === viewerId || profile[flag];
}

/**
 * `fields` as `viewerId` may see them, the sections' privacy read from `subject`: for anyone but the
 * owner the fields of a private section are absent, not emptied, and a private contact section
 * also withholds `user.email`. Profile reads and search results both pass through here.
 */
export function withoutPrivateSections<T extends { user?: UserSummary }>(fields: T, subject: PrivacySubject, viewerId: string): T {
  if (subject.userId === viewerId) return fields;
  const out: Record<string, unknown> = { ...fields };
  for (const flag of PRIVACY_FLAGS) {
    if (subject[flag]) continue;
    for (const field of PRIVACY_SECTION_FIELDS[flag]) delete out[field];
  }
  if (!subject.contactInfoIsPublic && fields.user) out.user = { ...fields.user, email: null };
  return out as T;
}
