import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityEvent } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { eventsKeyRoot } from './get-events';

/** `POST /api/events/{id}/attend` with `{}` (spec 02 §7): idempotent, answers the event. */
export function attendEvent(id: string): Promise<CommunityEvent> {
  return apiRequest<CommunityEvent>('POST', `/api/events/${encodeURIComponent(id)}/attend`, {});
}

export function useAttendEvent(onAttended?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attendEvent,
    meta: { errorText: 'Failed to RSVP. Please try again.' },
    onSuccess: () => {
      toast({ title: 'Success!', description: "You're now attending this event." });
      onAttended?.();
    },
    // A refusal (the event has passed meanwhile) also means the lists are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeyRoot }),
  });
}
