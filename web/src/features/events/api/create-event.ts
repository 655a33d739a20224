import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorMessageOf } from '../../../lib/api-client';
import { INVALID_EVENT_DATE } from '../utils/constants';
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
    meta: {
      // A date the server could not read is the spec's own message; anything else the generic one.
      errorText: (error) => (errorMessageOf(error).endsWith(INVALID_EVENT_DATE) ? INVALID_EVENT_DATE : failureText),
    },
    onSuccess: async (event) => {
      toast({ title: 'Event created!', description: 'Your event has been added to the calendar.' });
      onCreated(event);
      await queryClient.invalidateQueries({ queryKey: eventsKeyRoot });
    },
  });
}
