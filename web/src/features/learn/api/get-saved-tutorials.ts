import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TutorialPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { TUTORIALS_PAGE_SIZE } from '../utils/constants';
import { tutorialsKeyRoot } from './get-tutorials';

/** `GET /api/diy-content/saved/me`: the tutorials the member saved for later, last saved first. */
export function getSavedTutorials(cursor?: string): Promise<TutorialPage> {
  return apiGet<TutorialPage>('/api/diy-content/saved/me', { limit: TUTORIALS_PAGE_SIZE, cursor });
}

export const savedTutorialsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...tutorialsKeyRoot, 'saved'],
    queryFn: ({ pageParam }) => getSavedTutorials(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSavedTutorials() {
  return useInfiniteQuery(savedTutorialsQueryOptions());
}
