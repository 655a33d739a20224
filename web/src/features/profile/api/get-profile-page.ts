import type { Profile } from '@freemarket/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getProfileOfUser, profileOfUserKeyRoot } from './get-profile';

/** A member's profile for the profile page, or null when they have not created one (a 404 is an answer here). */
export async function getProfileOrNone(userId: string): Promise<Profile | null> {
  try {
    return await getProfileOfUser(userId);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const profilePageQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...profileOfUserKeyRoot, userId, 'page'], queryFn: () => getProfileOrNone(userId) });

export function useProfilePage(userId: string) {
  return useQuery(profilePageQueryOptions(userId));
}
