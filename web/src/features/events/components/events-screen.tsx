import type { CommunityEvent } from '@freemarket/contracts';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { useNow } from '../../../lib/use-now';
import { useEventsInRange, useMonthEventDays, useUpcomingEvents } from '../api/get-events';
import { DAY_EVENTS_PAGE_SIZE } from '../utils/constants';
import { addDays, longDate, startOfDay, startOfMonth } from '../utils/dates';
import { CalendarSubscription } from './calendar-subscription';
import { CreateEventButton } from './create-event-dialog';
import { EventCalendar } from './event-calendar';
import { EventEditorDialog, type EventEditorTarget } from './event-editor-dialog';
import { EventItem } from './event-item';
import { DeleteEventDialog, HostActions } from './hosted-event-actions';

const CARD = 'rounded-lg border border-slate-200 bg-white p-5';

export interface EventsScreenProps {
  meId: string;
  /** An RSVP earns points a moment later: the route refreshes the balance. */
  onAttended?: () => void;
}

const NO_EVENT_DAYS: ReadonlyMap<string, number> = new Map();

function ListState({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-slate-700">{children}</p>;
}

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center text-slate-700">
      <p>{what} could not be loaded.</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

interface EventListProps {
  meId: string;
  now: number;
  onAttended?: () => void;
  /** The host's Edit and Delete for an event of theirs, else nothing. */
  actionsFor: (event: CommunityEvent) => ReactNode;
}

function DayEvents({ day, meId, now, onAttended, actionsFor }: EventListProps & { day: Date }) {
  const query = useEventsInRange(day, addDays(day, 1), DAY_EVENTS_PAGE_SIZE);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const events = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.items), [query.data]);
  let body: ReactNode;
  if (query.isPending) body = <ListState>Loading events...</ListState>;
  else if (query.isError) body = <LoadError what="The day's events" onRetry={() => void query.refetch()} />;
  else if (events.length === 0) body = <ListState>No events on this day</ListState>;
  else
    body = (
      <>
        <ul className="grid gap-3" aria-labelledby="day-events-heading">
          {events.map((event) => (
            <EventItem key={event.id} event={event} meId={meId} now={now} variant="day" onAttended={onAttended} actions={actionsFor(event)} />
          ))}
        </ul>
        <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={loadMore} label="Load more events" />
      </>
    );
  return (
    <section aria-labelledby="day-events-heading" className="grid gap-3">
      <h3 id="day-events-heading" className="text-lg font-semibold text-slate-900">
        Events on {longDate(day)}
      </h3>
      {body}
    </section>
  );
}

function UpcomingEvents({ meId, now, onAttended, actionsFor }: EventListProps) {
  const query = useUpcomingEvents();
  const events = query.data?.items ?? [];
  let body: ReactNode;
  if (query.isPending) body = <ListState>Loading events...</ListState>;
  else if (query.isError) body = <LoadError what="Upcoming events" onRetry={() => void query.refetch()} />;
  else if (events.length === 0) body = <ListState>No upcoming events</ListState>;
  else
    body = (
      <ul className="grid gap-3" aria-labelledby="upcoming-events-heading">
        {events.map((event) => (
          <EventItem key={event.id} event={event} meId={meId} now={now} variant="upcoming" onAttended={onAttended} actions={actionsFor(event)} />
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="upcoming-events-heading" className={`${CARD} grid content-start gap-3`}>
      <h2 id="upcoming-events-heading" className="text-lg font-semibold text-slate-900">
        Upcoming Events
      </h2>
      {body}
    </section>
  );
}

/**
 * Spec 02 §2, /events: Create Event, the Event Calendar with the chosen day's events, Upcoming
 * Events. Beyond the spec, the host edits and deletes their events here too, as on their profile.
 */
export function EventsScreen({ meId, onAttended }: EventsScreenProps) {
  // RSVP buttons leave events that have started; a minute's precision is enough for that.
  const now = useNow(60_000);
  const today = startOfDay(new Date(now));
  const [selected, setSelected] = useState(today);
  const [month, setMonth] = useState(() => startOfMonth(today));
  const counts = useMonthEventDays(month).data ?? NO_EVENT_DAYS;

  const showEvent = useCallback((event: CommunityEvent) => {
    const day = startOfDay(new Date(event.eventDate));
    setSelected(day);
    setMonth(startOfMonth(day));
  }, []);

  const [editing, setEditing] = useState<EventEditorTarget>(null);
  const [deleting, setDeleting] = useState<CommunityEvent | null>(null);
  const actionsFor = (event: CommunityEvent) =>
    event.hostUserId === meId ? <HostActions event={event} onEdit={() => setEditing({ event })} onDelete={() => setDeleting(event)} /> : undefined;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Community Events</h1>
          <p className="text-slate-700">Discover and join local events in your community</p>
        </div>
        <CreateEventButton onCreated={showEvent} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="event-calendar-heading" className={`${CARD} grid gap-4`}>
            <h2 id="event-calendar-heading" className="text-lg font-semibold text-slate-900">
              Event Calendar
            </h2>
            <EventCalendar selected={selected} onSelect={setSelected} month={month} onMonthChange={setMonth} eventCounts={counts} today={today} />
            <DayEvents day={selected} meId={meId} now={now} onAttended={onAttended} actionsFor={actionsFor} />
          </section>
        </div>
        <div className="grid content-start gap-6">
          <UpcomingEvents meId={meId} now={now} onAttended={onAttended} actionsFor={actionsFor} />
          <CalendarSubscription />
        </div>
      </div>
      {/* A changed event's day is shown, as a new one's is. */}
      <EventEditorDialog target={editing} onClose={() => setEditing(null)} onSaved={showEvent} />
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
