import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorMessageOf } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { projectsKeyRoot } from './get-projects';

/** `POST /api/projects/{id}/join` with an empty body: idempotent; refused to the creator, and on a project no longer active (409). */
export function joinProject(id: string): Promise<Project> {
  return apiRequest<Project>('POST', `/api/projects/${encodeURIComponent(id)}/join`);
}

export function useJoinProject(onJoined?: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: joinProject,
    meta: { errorText: errorMessageOf },
    onSuccess: () => {
      toast({ title: 'Joined!', description: "You've joined this project" });
      onJoined?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsKeyRoot }),
  });
}
