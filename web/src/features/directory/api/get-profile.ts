import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { FullProfile } from './types';

/** `GET /api/profiles/user/{userId}`: a member's profile, private sections removed for others. */
export function getProfileOfUser(userId: string): Promise<FullProfile> {
  return apiGet<FullProfile>(`/api/profiles/user/${encodeURIComponent(userId)}`);
}

export const profileOfUserQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['/api/profiles/user', userId], queryFn: () => getProfileOfUser(userId) });

/** Loads the profile of a marker that is not in the sidebar's list. */
export function useProfileOfUser(userId: string | null) {
  return useQuery({ ...profileOfUserQueryOptions(userId ?? ''), enabled: userId !== null });
}

export const profileOfUserKeyRoot = ['/api/profiles/user'] as const;
