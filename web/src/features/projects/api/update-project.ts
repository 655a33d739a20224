import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { ProjectDetails, UpdateProjectBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { PROJECT_STATUS_LABELS } from '../utils/constants';
import { projectQueryOptions } from './get-project';
import { projectsKeyRoot } from './get-projects';

/** `PUT /api/projects/{id}`: the creator moves the project to another status. */
export function updateProject(id: string, body: UpdateProjectBody): Promise<ProjectDetails> {
  return apiRequest<ProjectDetails>('PUT', `/api/projects/${encodeURIComponent(id)}`, body);
}

export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: UpdateProjectBody) => updateProject(id, body),
    meta: { errorText: 'Failed to update project' },
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQueryOptions(id).queryKey, project);
      toast({ title: 'Project updated', description: `The project is now ${PROJECT_STATUS_LABELS[project.status]}.` });
      // The lists filter by status: the project may have moved between them.
      await queryClient.invalidateQueries({ queryKey: [...projectsKeyRoot, 'list'] });
    },
  });
}
