import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FavoriteBusiness } from '@freemarket/contracts';
import { DIRECTORY_LIMITS } from '@freemarket/contracts/constants';
import { apiGet } from '../../../lib/api-client';

export interface FavoriteBusinessPage {
  items: FavoriteBusiness[];
  nextCursor: string | null;
}

/** `GET /api/favorite-businesses/{userId}`: newest first; 403 for another member when personal interests are private. */
export function getFavoriteBusinesses(userId: string, cursor?: string): Promise<FavoriteBusinessPage> {
  return apiGet<FavoriteBusinessPage>(`/api/favorite-businesses/${encodeURIComponent(userId)}`, { limit: DIRECTORY_LIMITS.listDefault, cursor });
}

/** Every read of favorites is under this key: adding or removing one refreshes the list. */
export const favoriteBusinessesKeyRoot = ['/api/favorite-businesses'] as const;

export const favoriteBusinessesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: [...favoriteBusinessesKeyRoot, userId],
    queryFn: ({ pageParam }) => getFavoriteBusinesses(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useFavoriteBusinesses(userId: string, enabled: boolean) {
  return useInfiniteQuery({ ...favoriteBusinessesQueryOptions(userId), enabled });
}
