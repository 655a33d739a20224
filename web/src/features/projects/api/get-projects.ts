import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProjectCategory, ProjectPage, ProjectStatus } from '@freemarket/contracts';
import { apiGet, isUnauthorizedError } from '../../../lib/api-client';
import { PROJECTS_PAGE_SIZE } from '../utils/constants';

export interface ProjectFilters {
  category: 'all' | ProjectCategory;
  status: 'all' | ProjectStatus;
}

/** `GET /api/projects?category&status`: newest first; 'all' leaves the filter out (spec 02 §7). */
export async function getProjects(filters: ProjectFilters, cursor?: string): Promise<ProjectPage> {
  try {
    return await apiGet<ProjectPage>('/api/projects', {
      category: filters.category === 'all' ? undefined : filters.category,
      status: filters.status === 'all' ? undefined : filters.status,
      limit: PROJECTS_PAGE_SIZE,
      cursor,
    });
  } catch (error) {
    // Spec 02 §7: a failed read is 'Failed to fetch projects'; a lapsed session still signs in again.
    if (isUnauthorizedError(error)) throw error;
    throw new Error('Failed to fetch projects', { cause: error });
  }
}

/** Every read of projects (lists and details) is under this key: a change refreshes them all. */
export const projectsKeyRoot = ['/api/projects'] as const;

export const projectsQueryOptions = (filters: ProjectFilters) =>
  infiniteQueryOptions({
    queryKey: [...projectsKeyRoot, 'list', filters.category, filters.status],
    queryFn: ({ pageParam }) => getProjects(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useProjects(filters: ProjectFilters) {
  return useInfiniteQuery(projectsQueryOptions(filters));
}
