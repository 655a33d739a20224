import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { CreateProjectBody, Project } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, apiRequest, errorMessageOf } from '../../../lib/api-client';
import { capitalised } from '../../../lib/server-reason';
import { PROJECT_TARGET_DATE_PASSED } from '../utils/constants';
import { projectsKeyRoot } from './get-projects';

/** `POST /api/projects`: the creator is the signed-in member, never a field the client sends. */
export function createProject(body: CreateProjectBody): Promise<Project> {
  return apiRequest<Project>('POST', '/api/projects', body);
}

/**
 * The server's refusal of a target date that has passed, as the form shows it under its Target Date
 * field; undefined for any other failure.
 */
export function pastTargetDateRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || errorMessageOf(error) !== `body.targetDate: ${PROJECT_TARGET_DATE_PASSED}`) return undefined;
  return capitalised(PROJECT_TARGET_DATE_PASSED);
}

export function useCreateProject(onCreated: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createProject,
    // Spec 02 §8: the 'Error' toast carries the error's own message; a past target date shows under its field instead.
    meta: { errorText: (error) => (pastTargetDateRefusal(error) ? null : errorMessageOf(error)) },
    onSuccess: async () => {
      toast({ title: 'Success!', description: 'Project created successfully' });
      onCreated();
      await queryClient.invalidateQueries({ queryKey: projectsKeyRoot });
    },
  });
}
