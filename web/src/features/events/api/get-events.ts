import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CommunityEventPage, EventDays } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { UPCOMING_EVENTS_LIMIT } from '../utils/constants';
import { addMonths, dayKey } from '../utils/dates';

export interface EventsQuery {
  /** Inclusive start and exclusive end of a calendar window, as ISO instants. */
  from?: string;
  to?: string;
  upcoming?: boolean;
  limit: number;
  cursor?: string;
}

/** `GET /api/events`: events by date, earliest first, each with the viewer's RSVP and the count. */
export function getEvents(query: EventsQuery): Promise<CommunityEventPage> {
  return apiGet<CommunityEventPage>('/api/events', { from: query.from, to: query.to, upcoming: query.upcoming, limit: query.limit, cursor: query.cursor });
}

/** Every read of the events list is under this key: creating an event or an RSVP refreshes them all. */
export const eventsKeyRoot = ['/api/events'] as const;

/** The events of a window (a calendar month, one day), page by page. */
export const eventsInRangeQueryOptions = (from: Date, to: Date, limit: number) =>
  infiniteQueryOptions({
    queryKey: [...eventsKeyRoot, 'range', from.toISOString(), to.toISOString(), limit],
    queryFn: ({ pageParam }) => getEvents({ from: from.toISOString(), to: to.toISOString(), limit, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useEventsInRange(from: Date, to: Date, limit: number) {
  return useInfiniteQuery(eventsInRangeQueryOptions(from, to, limit));
}

/** The Upcoming Events card: the next ten from now on (spec 02 §2). */
export const upcomingEventsQueryOptions = () =>
  queryOptions({ queryKey: [...eventsKeyRoot, 'upcoming'], queryFn: () => getEvents({ upcoming: true, limit: UPCOMING_EVENTS_LIMIT }) });

export function useUpcomingEvents() {
  return useQuery(upcomingEventsQueryOptions());
}

/** The member's own time zone, in which the calendar's days begin and end. */
const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `GET /api/events/days`: the days of a month that have events, and how many, as the calendar marks them. */
export const monthEventDaysQueryOptions = (month: Date) =>
  queryOptions({
    queryKey: [...eventsKeyRoot, 'days', dayKey(month)],
    queryFn: () => apiGet<EventDays>('/api/events/days', { from: dayKey(month), to: dayKey(addMonths(month, 1)), timeZone: timeZone() }),
    select: (answer): ReadonlyMap<string, number> => new Map(answer.days.map((day) => [day.date, day.count])),
  });

export function useMonthEventDays(month: Date) {
  return useQuery(monthEventDaysQueryOptions(month));
}
