import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { legislationKeyRoot } from './get-legislation';

/** `DELETE /api/proposed-legislation/{id}`: its author only. */
export function deleteLegislation(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/proposed-legislation/${encodeURIComponent(id)}`);
}

/** Spec 02 §8 gives deleting no failure message: only an expired session is reported (by the cache). */
export function useDeleteLegislation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLegislation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: legislationKeyRoot }),
  });
}
