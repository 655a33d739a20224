import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SkillCategory } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/skill-categories` (the directory's): one tab of the learning hub each. */
export function getSkillCategories(): Promise<SkillCategory[]> {
  return apiGet<SkillCategory[]>('/api/skill-categories');
}

/** The directory's search reads the same list under the same key, so one answer serves both. */
export const skillCategoriesQueryOptions = () => queryOptions({ queryKey: ['/api/skill-categories'], queryFn: getSkillCategories });

export function useSkillCategories() {
  return useQuery(skillCategoriesQueryOptions());
}
