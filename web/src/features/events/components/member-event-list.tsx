import type { CommunityEvent } from '@freemarket/contracts';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { ApiError } from '../../../lib/api-client';
import { useMemberEvents, type MemberEventsKind } from '../api/get-member-events';
import { EventItem } from './event-item';
import { DeleteEventDialog, HostActions } from './hosted-event-actions';

const LISTS: Record<MemberEventsKind, { heading: string; empty: string; own: string }> = {
  hosted: { heading: 'Hosting', empty: 'Not hosting any events.', own: 'You are not hosting any events yet.' },
  attending: { heading: 'Attending', empty: 'Not attending any events.', own: 'You are not attending any events yet.' },
};

export interface MemberEventListProps {
  kind: MemberEventsKind;
  /** Whose events the list shows. */
  userId: string;
  viewerId: string;
  /** The list is the viewer's own. */
  isOwn: boolean;
  now: number;
  /** What shows when the server refuses the viewer a list its member keeps private. */
  privateNotice: ReactNode;
  /** The host's Edit and Delete, on their own Hosting list in edit mode. */
  onEdit?: (event: CommunityEvent) => void;
}

/** Spec 02 §2: a member's Hosting or Attending events, latest first, page by page. */
export function MemberEventList({ kind, userId, viewerId, isOwn, now, privateNotice, onEdit }: MemberEventListProps) {
  const { heading, empty, own } = LISTS[kind];
  const query = useMemberEvents(kind, userId);
  const [deleting, setDeleting] = useState<CommunityEvent | null>(null);
  const events = query.data?.pages.flatMap((p) => p.items) ?? [];
  let body;
  if (query.isPending) body = <p className="text-sm text-slate-600">Loading events...</p>;
  // The server refuses another member a private list (403) even before the profile page knows of it.
  else if (query.error instanceof ApiError && query.error.status === 403) body = privateNotice;
  else if (query.isError)
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-red-700">The events could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!events.length) body = <p className="text-sm text-slate-600">{isOwn ? own : empty}</p>;
  else
    body = (
      <>
        <ul className="grid gap-3" aria-label={heading}>
          {events.map((event) => (
            <EventItem
              key={event.id}
              event={event}
              meId={viewerId}
              now={now}
              variant="profile"
              actions={onEdit && event.hostUserId === viewerId ? <HostActions event={event} onEdit={() => onEdit(event)} onDelete={() => setDeleting(event)} /> : undefined}
            />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} label={`Load more ${heading.toLowerCase()} events`} />
      </>
    );
  return (
    <div className="grid content-start gap-3" data-testid={`events-${kind}`}>
      <h3 className="font-semibold text-slate-900">{heading}</h3>
      {body}
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
