import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorMessageOf } from '../../../lib/api-client';
import { eventsKeyRoot } from './get-events';
import { INVALID_EVENT_DATE } from '../utils/constants';

/** `PUT /api/events/{id}`: the host changes their event; the answer is the event as it now is. */
export function updateEvent({ id, body }: { id: string; body: EventBody }): Promise<CommunityEvent> {
  return apiRequest<CommunityEvent>('PUT', `/api/events/${encodeURIComponent(id)}`, body);
}

export function useUpdateEvent(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateEvent,
    meta: { errorText: (error) => (errorMessageOf(error).endsWith(INVALID_EVENT_DATE) ? INVALID_EVENT_DATE : 'Failed to save event') },
    onSuccess: async () => {
      toast({ title: 'Event updated', description: 'Your changes have been saved.' });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: eventsKeyRoot });
    },
  });
}
