import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/*
 * The roots of the directory's lists of profiles, apart from their fetchers: the profile page
 * refreshes these lists after a save without loading the search or the map's code.
 */
export const searchProfilesKeyRoot = ['/api/profiles/search'] as const;
export const profilesByLocationKeyRoot = ['/api/profiles/location'] as const;
export const profileMapKeyRoot = ['/api/profiles/map'] as const;

/** Refetches every list of profiles the directory shows (search, nearby, map markers). */
export function invalidateProfileLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: searchProfilesKeyRoot }),
    queryClient.invalidateQueries({ queryKey: profilesByLocationKeyRoot }),
    queryClient.invalidateQueries({ queryKey: profileMapKeyRoot }),
  ]);
}

/** The same, for a profile changed elsewhere (its owner saved it on the profile page). */
export function useRefreshProfileLists(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateProfileLists(queryClient), [queryClient]);
}
