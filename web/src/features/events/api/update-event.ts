import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { eventSaveErrorText } from './event-save-error';
import { eventsKeyRoot } from './get-events';

/** `PUT /api/events/{id}`: the host changes their event; the answer is the event as it now is. */
export function updateEvent({ id, body }: { id: string; body: EventBody }): Promise<CommunityEvent> {
  return apiRequest<CommunityEvent>('PUT', `/api/events/${encodeURIComponent(id)}`, body);
}

export function useUpdateEvent(onSaved: (event: CommunityEvent) => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateEvent,
    meta: { errorText: eventSaveErrorText('Failed to save event') },
    // The lists are read again before `onSaved` closes the dialog: an event moved off the day on show
    // has left it by then, and the focus goes to the list's heading rather than to a vanished Edit.
    onSuccess: async (event) => {
      toast({ title: 'Event updated', description: 'Your changes have been saved.' });
      await queryClient.invalidateQueries({ queryKey: eventsKeyRoot });
      onSaved(event);
    },
  });
}
