import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { eventsKeyRoot } from './get-events';

/** `DELETE /api/events/{id}/attend`: cancels the member's RSVP (refused once the event has passed). */
export function cancelAttendance(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/events/${encodeURIComponent(id)}/attend`);
}

export function useCancelAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAttendance,
    meta: { errorText: 'Failed to cancel your RSVP. Please try again.' },
    onSuccess: () => toast({ title: 'RSVP cancelled', description: "You're no longer attending this event." }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeyRoot }),
  });
}
