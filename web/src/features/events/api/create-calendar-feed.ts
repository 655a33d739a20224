import { useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@freemarket/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { calendarFeedStatusQueryOptions } from './get-calendar-feed';

/**
 * `POST /api/events/calendar-feed`: a new private address of the calendar of the events the member
 * hosts or attends; the address given before stops working.
 */
export function createCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest<CalendarFeed>('POST', '/api/events/calendar-feed');
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createCalendarFeed,
    meta: { errorText: 'Failed to create your calendar address. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedStatusQueryOptions().queryKey }),
  });
}
