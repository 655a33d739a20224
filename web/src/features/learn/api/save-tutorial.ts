import { useQueryClient } from '@tanstack/react-query';
import type { Tutorial } from '@freemarket/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { tutorialQueryOptions } from './get-tutorial';
import { tutorialsKeyRoot } from './get-tutorials';

/** `PUT /api/diy-content/{id}/saved` keeps the tutorial for later; `DELETE` lets it go. Both answer the tutorial. */
export function saveTutorial(id: string, saved: boolean): Promise<Tutorial> {
  return apiRequest<Tutorial>(saved ? 'PUT' : 'DELETE', `/api/diy-content/${encodeURIComponent(id)}/saved`);
}

/**
 * The outcome is the caller's to show, inside the tutorial's dialog: a toast would open a layer
 * above the dialog, and the member's next Escape would close the toast instead of the dialog.
 */
export function useSaveTutorial(onSaved: (tutorial: Tutorial) => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }) => saveTutorial(id, saved),
    meta: { errorText: 'Failed to update your saved tutorials. Please try again.' },
    onSuccess: async (tutorial) => {
      queryClient.setQueryData(tutorialQueryOptions(tutorial.id).queryKey, tutorial);
      onSaved(tutorial);
      await queryClient.invalidateQueries({ queryKey: tutorialsKeyRoot });
    },
  });
}
