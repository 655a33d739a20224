import { apiRequest } from '../../../lib/api-client';
import { useDeleteAndRefresh } from '../../../lib/use-delete-and-refresh';
import { eventsKeyRoot } from './get-events';

/** `DELETE /api/events/{id}`: the host removes their event. */
export function deleteEvent(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/events/${encodeURIComponent(id)}`);
}

/** Asked for in a confirm that `onSettled` closes (see `useDeleteAndRefresh`). */
export function useDeleteEvent(onSettled: () => void) {
  return useDeleteAndRefresh({ remove: deleteEvent, queryKey: eventsKeyRoot, deleted: { title: 'Event deleted', description: 'Your event has been removed.' }, onSettled });
}
