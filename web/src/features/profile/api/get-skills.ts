import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Skill } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/skills/category/{categoryId}`: a category's skills, not paginated. */
export function getSkills(categoryId: string): Promise<Skill[]> {
  return apiGet<Skill[]>(`/api/skills/category/${encodeURIComponent(categoryId)}`);
}

export const skillsQueryOptions = (categoryId: string) => queryOptions({ queryKey: ['/api/skills/category', categoryId], queryFn: () => getSkills(categoryId) });

/** Read once a category is chosen. */
export function useSkills(categoryId: string) {
  return useQuery({ ...skillsQueryOptions(categoryId), enabled: categoryId !== '' });
}
