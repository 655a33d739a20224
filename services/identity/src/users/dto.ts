import type { CurrentUser } from '@freemarket/contracts';
import type { UserRow } from '../db/schema/index.js';
import type { ProfileSummary } from './profile-lookup.js';

export function toCurrentUser(row: UserRow, profile?: ProfileSummary): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(profile ? { profile } : {}),
  };
}
