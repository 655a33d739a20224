import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorMessageOf } from '../../../lib/api-client';
import { projectsKeyRoot } from './get-projects';

/** `POST /api/projects/{id}/join` with an empty body: idempotent; refused to the creator. */
export function joinProject(id: string): Promise<Project> {
  return apiRequest<Project>('POST', `/api/projects/${encodeURIComponent(id)}/join`);
}

export function useJoinProject(onJoined?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinProject,
    meta: { errorText: errorMessageOf },
    onSuccess: () => {
      toast({ title: 'Joined!', description: "You've joined this project" });
      onJoined?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsKeyRoot }),
  });
}
