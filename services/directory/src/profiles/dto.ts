import type { Certification, Profile, UserSkill, UserSummary } from '@freemarket/contracts';
import type { ProfileRow } from '../db/schema/index.js';

/** A profile row as read (without the generated search columns and the search results' copies). */
export type ProfileRecord = Omit<ProfileRow, 'nameTsv' | 'skillsTsv' | 'credentialsTsv' | 'businessTsv' | 'vocationTsv' | 'allTsv' | 'geo' | 'nameKey' | 'userSkillsJson' | 'certificationsJson'>;

/** The member as the users projection knows them; a member not announced yet has only an id. */
export function toUserSummary(userId: string, user: UserSummary | null | undefined): UserSummary {
  return user?.id ? user : { id: userId, firstName: null, lastName: null, email: null, profileImageUrl: null };
}

/** The name search and sorting use, from the projection's first and last name. */
export function memberName(user: { firstName: string | null; lastName: string | null } | null | undefined): string | null {
  const name = [user?.firstName, user?.lastName].filter((p) => p && p.trim()).join(' ');
  return name || null;
}

/** The whole profile, before privacy is applied. */
export function toProfile(row: ProfileRecord, user: UserSummary | null | undefined, userSkills: UserSkill[], certifications: Certification[]): Profile {
  const { memberName: _m, skillText: _t, skillCategoryIds: _i, skillSummary: _s, certText: _c, createdAt, updatedAt, ...fields } = row;
  return {
    ...fields,
    user: toUserSummary(row.userId, user),
    userSkills,
    certifications,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
