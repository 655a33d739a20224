import { useQueryClient } from '@tanstack/react-query';
import type { Tutorial } from '@freemarket/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { tutorialsKeyRoot } from './get-tutorials';

/** `POST /api/diy-content/{id}/start`: counts one view per member, and answers the tutorial. */
export function startTutorial(id: string): Promise<Tutorial> {
  return apiRequest<Tutorial>('POST', `/api/diy-content/${encodeURIComponent(id)}/start`);
}

export function useStartTutorial(onStarted: (tutorial: Tutorial) => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: startTutorial,
    meta: { errorText: 'Failed to start the tutorial. Please try again.' },
    onSuccess: async (tutorial) => {
      onStarted(tutorial);
      await queryClient.invalidateQueries({ queryKey: tutorialsKeyRoot });
    },
  });
}
