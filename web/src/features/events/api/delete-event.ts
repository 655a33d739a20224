import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventsKeyRoot } from './get-events';

/** `DELETE /api/events/{id}`: the host removes their event. */
export function deleteEvent(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/events/${encodeURIComponent(id)}`);
}

/** Spec 02 §8 gives deleting no failure message: only an expired session is reported (by the cache). */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeyRoot }),
  });
}
