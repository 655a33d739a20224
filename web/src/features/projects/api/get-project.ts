import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectDetails } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { projectsKeyRoot } from './get-projects';

/** `GET /api/projects/{id}`: the details screen, every participant named (the first hundred). */
export function getProject(id: string): Promise<ProjectDetails> {
  return apiGet<ProjectDetails>(`/api/projects/${encodeURIComponent(id)}`);
}

export const projectQueryOptions = (id: string) => queryOptions({ queryKey: [...projectsKeyRoot, 'details', id], queryFn: () => getProject(id) });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
