import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityEventPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { eventsKeyRoot } from './get-events';

export type MemberEventsKind = 'hosted' | 'attending';

/** `GET /api/events/hosted/{userId}` and `/attending/{userId}`: latest event first, page by page. */
export function getMemberEvents(kind: MemberEventsKind, userId: string, cursor?: string): Promise<CommunityEventPage> {
  return apiGet<CommunityEventPage>(`/api/events/${kind}/${encodeURIComponent(userId)}`, { cursor });
}

/** Under the events' key root: creating an event or an RSVP anywhere refreshes these lists too. */
export const memberEventsQueryOptions = (kind: MemberEventsKind, userId: string) =>
  infiniteQueryOptions({
    queryKey: [...eventsKeyRoot, kind, userId],
    queryFn: ({ pageParam }) => getMemberEvents(kind, userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMemberEvents(kind: MemberEventsKind, userId: string) {
  return useInfiniteQuery(memberEventsQueryOptions(kind, userId));
}
