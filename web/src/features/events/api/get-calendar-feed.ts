import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /api/events/calendar-feed`: whether the member has a private calendar address, and since
 * when. The address itself is never given again (only its hash is kept).
 */
export function getCalendarFeedStatus(): Promise<CalendarFeedStatus> {
  return apiGet<CalendarFeedStatus>('/api/events/calendar-feed');
}

export const calendarFeedStatusQueryOptions = () => queryOptions({ queryKey: ['/api/events/calendar-feed'], queryFn: getCalendarFeedStatus });

export function useCalendarFeedStatus() {
  return useQuery(calendarFeedStatusQueryOptions());
}
