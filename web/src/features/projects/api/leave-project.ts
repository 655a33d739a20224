import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorMessageOf } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { projectsKeyRoot } from './get-projects';

/** `POST /api/projects/{id}/leave` with an empty body: idempotent; refused to the creator. */
export function leaveProject(id: string): Promise<Project> {
  return apiRequest<Project>('POST', `/api/projects/${encodeURIComponent(id)}/leave`);
}

export function useLeaveProject() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: leaveProject,
    meta: { errorText: errorMessageOf },
    onSuccess: () => toast({ title: 'Left project', description: "You've left this project" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsKeyRoot }),
  });
}
