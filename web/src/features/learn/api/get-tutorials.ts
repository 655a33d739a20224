import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TutorialPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { TUTORIALS_PAGE_SIZE } from '../utils/constants';

/**
 * Every read of tutorials is under this key, the profile dialog's list of a creator's included
 * (`['/api/diy-content', 'creator', userId]` in the directory feature): creating, starting or saving
 * a tutorial refreshes them all.
 */
export const tutorialsKeyRoot = ['/api/diy-content'] as const;

/** `GET /api/diy-content/skill/{categoryId}`: the tutorials filed under the category's skills, newest first. */
export function getTutorialsByCategory(categoryId: string, cursor?: string): Promise<TutorialPage> {
  return apiGet<TutorialPage>(`/api/diy-content/skill/${encodeURIComponent(categoryId)}`, { limit: TUTORIALS_PAGE_SIZE, cursor });
}

export const tutorialsByCategoryQueryOptions = (categoryId: string) =>
  infiniteQueryOptions({
    queryKey: [...tutorialsKeyRoot, 'skill', categoryId],
    queryFn: ({ pageParam }) => getTutorialsByCategory(categoryId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useTutorialsByCategory(categoryId: string) {
  return useInfiniteQuery(tutorialsByCategoryQueryOptions(categoryId));
}
