import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { SkillCategory } from './types';

/** `GET /api/skill-categories`. */
export async function getSkillCategories(): Promise<SkillCategory[]> {
  const body = await apiGet<SkillCategory[] | { items: SkillCategory[] }>('/api/skill-categories');
  return Array.isArray(body) ? body : body.items;
}

export const skillCategoriesQueryOptions = () => queryOptions({ queryKey: ['/api/skill-categories'], queryFn: getSkillCategories });

/** Loaded when the skills tab first shows its chooser. */
export function useSkillCategories(enabled: boolean) {
  return useQuery({ ...skillCategoriesQueryOptions(), enabled });
}
