import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Skill } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/skills/category/{categoryId}`: the skills a tutorial can be filed under. */
export function getSkills(categoryId: string): Promise<Skill[]> {
  return apiGet<Skill[]>(`/api/skills/category/${encodeURIComponent(categoryId)}`);
}

export const skillsQueryOptions = (categoryId: string) => queryOptions({ queryKey: ['/api/skills/category', categoryId], queryFn: () => getSkills(categoryId) });

/** Read once a category is chosen in the Create Tutorial form. */
export function useSkills(categoryId: string) {
  return useQuery({ ...skillsQueryOptions(categoryId), enabled: categoryId !== '' });
}
