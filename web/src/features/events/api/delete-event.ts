import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { eventsKeyRoot } from './get-events';

/** `DELETE /api/events/{id}`: the host removes their event. */
export function deleteEvent(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/events/${encodeURIComponent(id)}`);
}

/**
 * Spec 02 §8 gives deleting no failure message: only an expired session is reported (by the cache).
 * `onSettled` runs once the lists are read again, so a confirm closing then leaves a list without
 * the event (and the focus on the list's heading, not on a Delete button about to vanish).
 */
export function useDeleteEvent(onSettled: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: deleteEvent,
    onSettled: async (_answer, error) => {
      await queryClient.invalidateQueries({ queryKey: eventsKeyRoot });
      if (!error) toast({ title: 'Event deleted', description: 'Your event has been removed.' });
      onSettled();
    },
  });
}
