import type { Profile } from '@freemarket/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/profiles/user/{userId}`: a member's profile, private sections removed for others. */
export function getProfileOfUser(userId: string): Promise<Profile> {
  return apiGet<Profile>(`/api/profiles/user/${encodeURIComponent(userId)}`);
}

/** Every read of a member's profile is under this key: a change to a profile refreshes them all. */
export const profileOfUserKeyRoot = ['/api/profiles/user'] as const;

export const profileOfUserQueryOptions = (userId: string) => queryOptions({ queryKey: [...profileOfUserKeyRoot, userId], queryFn: () => getProfileOfUser(userId) });

/** Loads the profile of a member, or nothing while `userId` is null (the map's marker outside the list). */
export function useProfileOfUser(userId: string | null) {
  return useQuery({ ...profileOfUserQueryOptions(userId ?? ''), enabled: userId !== null });
}

/** Refetches every profile read, for a change made elsewhere that profiles show (a review's rating). */
export function useRefreshProfiles(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: profileOfUserKeyRoot }), [queryClient]);
}
