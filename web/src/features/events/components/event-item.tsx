import type { CommunityEvent } from '@freemarket/contracts';
import { CalendarPlus, Clock, MapPin, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { useAttendEvent } from '../api/attend-event';
import { useCancelAttendance } from '../api/cancel-attendance';
import { eventIcalHref } from '../api/event-ical';
import { clockTime, shortDate } from '../utils/dates';

const TEST_IDS = { day: 'day-event', upcoming: 'upcoming-event', profile: 'profile-event' } as const;

export interface EventItemProps {
  event: CommunityEvent;
  meId: string;
  now: number;
  /**
   * The Upcoming card shows the date and the attendee count; a day's list shows the description; a
   * profile's Hosting and Attending lists show the date, the description and the host.
   */
  variant: 'day' | 'upcoming' | 'profile';
  onAttended?: () => void;
  /** More buttons beside the RSVP (the host's Edit and Delete on their profile). */
  actions?: ReactNode;
}

/**
 * Spec 02 §4: RSVP while not attending, hidden once attending. Beyond the spec: the host sees that
 * they host it (the server refuses their RSVP), an attendee can cancel, and a past event takes no
 * RSVP and no cancellation (the server refuses both).
 */
function RsvpControls({ event, meId, now, describedBy, onAttended }: { event: CommunityEvent; meId: string; now: number; describedBy: string; onAttended?: () => void }) {
  const attend = useAttendEvent(onAttended);
  const cancel = useCancelAttendance();
  const past = Date.parse(event.eventDate) <= now;
  if (event.hostUserId === meId) return <Badge className="bg-violet-100 text-violet-900">You're hosting</Badge>;
  if (event.isAttending)
    return (
      <>
        <Badge className="bg-green-100 text-green-900">{past ? 'Attended' : 'Attending'}</Badge>
        {past ? null : (
          <Button size="sm" variant="outline" aria-describedby={describedBy} disabled={cancel.isPending} onClick={() => cancel.mutate(event.id)}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel RSVP'}
          </Button>
        )}
      </>
    );
  if (past) return null;
  return (
    <Button size="sm" aria-describedby={describedBy} disabled={attend.isPending} onClick={() => attend.mutate(event.id)}>
      {attend.isPending ? 'Saving...' : 'RSVP'}
    </Button>
  );
}

/** One event in a day's list, in the Upcoming card or in a profile's Events tab (spec 02 §2). */
export function EventItem({ event, meId, now, variant, onAttended, actions }: EventItemProps) {
  const titleId = useId();
  const date = new Date(event.eventDate);
  // A day's list sits under its 'Events on' heading and a profile's under Hosting or Attending;
  // the Upcoming card's items under the card's.
  const Heading = variant === 'upcoming' ? 'h3' : 'h4';
  const hostName = [event.host.firstName, event.host.lastName].filter(Boolean).join(' ') || 'A member';
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4" data-testid={TEST_IDS[variant]}>
      <Heading id={titleId} className="font-semibold wrap-anywhere text-slate-900">
        {event.title}
      </Heading>
      {variant !== 'upcoming' && event.description ? <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">{event.description}</p> : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {variant !== 'day' ? <li>{shortDate(date)}</li> : null}
        <li className="flex items-center gap-1">
          <Clock className="h-4 w-4 text-slate-500" aria-hidden="true" />
          <time dateTime={event.eventDate}>{clockTime(date)}</time>
        </li>
        {event.location ? (
          <li className="flex items-center gap-1 wrap-anywhere">
            <MapPin className="h-4 w-4 text-slate-500" aria-hidden="true" />
            {event.location}
          </li>
        ) : null}
        {variant === 'upcoming' ? (
          <li className="flex items-center gap-1">
            <Users className="h-4 w-4 text-slate-500" aria-hidden="true" />
            {event.attendeeCount} attending
          </li>
        ) : null}
        {variant === 'profile' ? <li>Hosted by {hostName}</li> : null}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <RsvpControls event={event} meId={meId} now={now} describedBy={titleId} onAttended={onAttended} />
        <a href={eventIcalHref(event.id)} download aria-describedby={titleId} className={buttonClass('ghost', 'sm', 'text-blue-800')}>
          <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Add to calendar
        </a>
        {actions}
      </div>
    </li>
  );
}
