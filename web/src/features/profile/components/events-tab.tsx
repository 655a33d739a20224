import type { CommunityEvent, EventBody } from '@freemarket/contracts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { ApiError } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useCreateEvent } from '../../events/api/create-event';
import { EventFormDialog } from '../../events/components/create-event-dialog';
import { EventItem } from '../../events/components/event-item';
import { useDeleteEvent } from '../api/delete-event';
import { useMemberEvents, type MemberEventsKind } from '../api/get-member-events';
import { useUpdateEvent } from '../api/update-event';
import { PrivacySwitch } from './form-fields';
import { isHiddenFrom } from './privacy';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';

const LISTS: Record<MemberEventsKind, { heading: string; empty: string; own: string }> = {
  hosted: { heading: 'Hosting', empty: 'Not hosting any events.', own: 'You are not hosting any events yet.' },
  attending: { heading: 'Attending', empty: 'Not attending any events.', own: 'You are not attending any events yet.' },
};

function HostActions({ event, onEdit }: { event: CommunityEvent; onEdit: () => void }) {
  const remove = useDeleteEvent();
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden="true" /> Edit<span className="sr-only"> {event.title}</span>
      </Button>
      <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(event.id)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> {remove.isPending ? 'Deleting...' : 'Delete'}
        <span className="sr-only"> {event.title}</span>
      </Button>
    </>
  );
}

interface EventListProps {
  kind: MemberEventsKind;
  userId: string;
  viewerId: string;
  isOwn: boolean;
  now: number;
  /** The host's Edit and Delete, on their own Hosting list in edit mode. */
  onEdit?: (event: CommunityEvent) => void;
}

function EventList({ kind, userId, viewerId, isOwn, now, onEdit }: EventListProps) {
  const { heading, empty, own } = LISTS[kind];
  const query = useMemberEvents(kind, userId);
  const events = query.data?.pages.flatMap((p) => p.items) ?? [];
  let body;
  if (query.isPending) body = <p className="text-sm text-slate-600">Loading events...</p>;
  // The server refuses another member a private list (403) even before the profile page knows of it.
  else if (query.error instanceof ApiError && query.error.status === 403) body = <PrivateNotice what="Events" />;
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
              actions={onEdit && event.hostUserId === viewerId ? <HostActions event={event} onEdit={() => onEdit(event)} /> : undefined}
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
    </div>
  );
}

/** Spec 02 §2, the Events tab: Hosting and Attending; on one's own profile in edit mode, create, edit and delete hosted events. */
export function EventsTab({ userId, profile, viewer, isOwn, editing }: ProfileSectionProps) {
  // RSVP buttons leave events that have started; a minute's precision is enough for that.
  const now = useNow(60_000);
  const hidden = isHiddenFrom(profile, 'eventsIsPublic', isOwn);
  const canEdit = isOwn && editing;
  // Open with the event being edited, or with null to create one (spec 02 §4).
  const [dialog, setDialog] = useState<{ event: CommunityEvent | null } | null>(null);
  const close = () => setDialog(null);
  const create = useCreateEvent(close, 'Failed to save event');
  const update = useUpdateEvent(close);
  const save = (body: EventBody) => (dialog?.event ? update.mutate({ id: dialog.event.id, body }) : create.mutate(body));

  return (
    <Section
      title="Events"
      testId="profile-events"
      action={
        <div className="flex flex-wrap items-center gap-3">
          <PrivacySwitch flag="eventsIsPublic" section="Events" editing={editing} />
          {canEdit ? (
            <Button size="sm" onClick={() => setDialog({ event: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Create Event
            </Button>
          ) : null}
        </div>
      }
    >
      {hidden ? (
        <PrivateNotice what="Events" />
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <EventList kind="hosted" userId={userId} viewerId={viewer.id} isOwn={isOwn} now={now} onEdit={canEdit ? (event) => setDialog({ event }) : undefined} />
          <EventList kind="attending" userId={userId} viewerId={viewer.id} isOwn={isOwn} now={now} />
        </div>
      )}
      <EventFormDialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : close())} event={dialog?.event} pending={create.isPending || update.isPending} onSubmit={save} />
    </Section>
  );
}
