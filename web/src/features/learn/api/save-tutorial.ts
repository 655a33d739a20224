import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tutorial } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { tutorialsKeyRoot } from './get-tutorials';

/** `PUT /api/diy-content/{id}/saved` keeps the tutorial for later; `DELETE` lets it go. Both answer the tutorial. */
export function saveTutorial(id: string, saved: boolean): Promise<Tutorial> {
  return apiRequest<Tutorial>(saved ? 'PUT' : 'DELETE', `/api/diy-content/${encodeURIComponent(id)}/saved`);
}

export function useSaveTutorial(onSaved: (tutorial: Tutorial) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }) => saveTutorial(id, saved),
    meta: { errorText: 'Failed to update your saved tutorials. Please try again.' },
    onSuccess: async (tutorial) => {
      toast(tutorial.isSaved ? { title: 'Saved for later', description: 'Find it in the Saved tab.' } : { title: 'Removed from saved', description: 'It is no longer in the Saved tab.' });
      onSaved(tutorial);
      await queryClient.invalidateQueries({ queryKey: tutorialsKeyRoot });
    },
  });
}
