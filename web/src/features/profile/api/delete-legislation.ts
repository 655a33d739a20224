import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { legislationKeyRoot } from './get-legislation';

/** `DELETE /api/proposed-legislation/{id}`: its author only. */
export function deleteLegislation(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/proposed-legislation/${encodeURIComponent(id)}`);
}

/**
 * Spec 02 §8 gives deleting no failure message: only an expired session is reported (by the cache).
 * `onSettled` runs once the list is read again, so a confirm closing then leaves a list without
 * the piece (and the focus on the section's heading, not on a Delete button about to vanish).
 */
export function useDeleteLegislation(onSettled: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: deleteLegislation,
    onSettled: async (_answer, error) => {
      await queryClient.invalidateQueries({ queryKey: legislationKeyRoot });
      if (!error) toast({ title: 'Legislation deleted', description: 'Your proposed legislation has been removed.' });
      onSettled();
    },
  });
}
