import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Legislation } from '@freemarket/contracts';
import { DIRECTORY_LIMITS } from '@freemarket/contracts/constants';
import { apiGet } from '../../../lib/api-client';

export interface LegislationPage {
  items: Legislation[];
  nextCursor: string | null;
}

/** `GET /api/proposed-legislation/{userId}`: newest first; 404 without a profile, or for others when political info is private. */
export function getLegislation(userId: string, cursor?: string): Promise<LegislationPage> {
  return apiGet<LegislationPage>(`/api/proposed-legislation/${encodeURIComponent(userId)}`, { limit: DIRECTORY_LIMITS.listDefault, cursor });
}

/** Every read of legislation is under this key: a change to one piece refreshes the candidate's list. */
export const legislationKeyRoot = ['/api/proposed-legislation'] as const;

export const legislationQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: [...legislationKeyRoot, userId],
    queryFn: ({ pageParam }) => getLegislation(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useLegislation(userId: string, enabled: boolean) {
  return useInfiniteQuery({ ...legislationQueryOptions(userId), enabled });
}
