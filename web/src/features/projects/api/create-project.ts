import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { CreateProjectBody, Project } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorMessageOf } from '../../../lib/api-client';
import { projectsKeyRoot } from './get-projects';

/** `POST /api/projects`: the creator is the signed-in member, never a field the client sends. */
export function createProject(body: CreateProjectBody): Promise<Project> {
  return apiRequest<Project>('POST', '/api/projects', body);
}

export function useCreateProject(onCreated: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createProject,
    // Spec 02 §8: the 'Error' toast carries the error's own message.
    meta: { errorText: errorMessageOf },
    onSuccess: async () => {
      toast({ title: 'Success!', description: 'Project created successfully' });
      onCreated();
      await queryClient.invalidateQueries({ queryKey: projectsKeyRoot });
    },
  });
}
