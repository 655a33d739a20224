import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { eventSaveErrorText } from './event-save-error';
import { eventsKeyRoot } from './get-events';

/** `POST /api/events`: the host is the caller; the answer is the created event. */
export function createEvent(body: EventBody): Promise<CommunityEvent> {
  return apiRequest<CommunityEvent>('POST', '/api/events', body);
}

/** `failureText` replaces the generic failure message (the profile's Events tab says 'Failed to save event'). */
export function useCreateEvent(onCreated: (event: CommunityEvent) => void, failureText = 'Failed to create event. Please try again.') {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createEvent,
    meta: { errorText: eventSaveErrorText(failureText) },
    onSuccess: async (event) => {
      toast({ title: 'Event created!', description: 'Your event has been added to the calendar.' });
      onCreated(event);
      await queryClient.invalidateQueries({ queryKey: eventsKeyRoot });
    },
  });
}
