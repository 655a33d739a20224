import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CommunityEventPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { UPCOMING_EVENTS_LIMIT } from '../utils/constants';

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
