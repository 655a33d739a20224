import { useQueryClient } from '@tanstack/react-query';
import type { Tutorial } from '@freemarket/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { tutorialQueryOptions } from './get-tutorial';
import { tutorialsKeyRoot } from './get-tutorials';

/** `POST /api/diy-content/{id}/start`: counts one view per member, and answers the tutorial. */
export function startTutorial(id: string): Promise<Tutorial> {
  return apiRequest<Tutorial>('POST', `/api/diy-content/${encodeURIComponent(id)}/start`);
}

/** Starting answers the tutorial with its new view count: the open tutorial shows it at once, and the lists are read again. */
export function useStartTutorial() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: startTutorial,
    meta: { errorText: 'Failed to start the tutorial. Please try again.' },
    onSuccess: async (tutorial) => {
      queryClient.setQueryData(tutorialQueryOptions(tutorial.id).queryKey, tutorial);
      await queryClient.invalidateQueries({ queryKey: tutorialsKeyRoot });
    },
  });
}
