import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SkillCategory } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/skill-categories`: reference data, a short list, not paginated. */
export function getSkillCategories(): Promise<SkillCategory[]> {
  return apiGet<SkillCategory[]>('/api/skill-categories');
}

export const skillCategoriesQueryOptions = () => queryOptions({ queryKey: ['/api/skill-categories'], queryFn: getSkillCategories });

/** Read once the Add Skill form opens. */
export function useSkillCategories(enabled: boolean) {
  return useQuery({ ...skillCategoriesQueryOptions(), enabled });
}
