import type { CommunityEvent } from '@freemarket/contracts';
import { CalendarPlus, Clock, MapPin, Users } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
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
function RsvpControls({ event, meId, past, onAttended }: { event: CommunityEvent; meId: string; past: boolean; onAttended?: () => void }) {
  const attend = useAttendEvent(onAttended);
  const cancel = useCancelAttendance();
  const button = useRef<HTMLButtonElement>(null);
  // RSVP and Cancel RSVP replace each other once the lists are read again; the answer the member
  // asked for, while the focus is to follow to the button that replaces the one they pressed.
  const focusOnAnswer = useRef<boolean | null>(null);
  useEffect(() => {
    if (focusOnAnswer.current !== event.isAttending) return;
    focusOnAnswer.current = null;
    const active = document.activeElement;
    // Only a focus the swap dropped is taken back, never one the member has since moved elsewhere.
    if (!active || active === document.body) button.current?.focus();
  });
  const answer = (attending: boolean) => {
    if (attend.isPending || cancel.isPending) return;
    focusOnAnswer.current = attending;
    const settled = { onError: () => (focusOnAnswer.current = null) };
    if (attending) attend.mutate(event.id, settled);
    else cancel.mutate(event.id, settled);
  };

  if (event.hostUserId === meId) return <Badge className="bg-violet-100 text-violet-900">{past ? 'You hosted' : "You're hosting"}</Badge>;
  // aria-disabled, not disabled, while the answer is on its way: a disabled button drops the keyboard focus.
  if (event.isAttending)
    return (
      <>
        <Badge className="bg-green-100 text-green-900">{past ? 'Attended' : 'Attending'}</Badge>
        {past ? null : (
          <Button ref={button} size="sm" variant="outline" aria-disabled={cancel.isPending || undefined} onClick={() => answer(false)}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel RSVP'}
            <span className="sr-only"> to {event.title}</span>
          </Button>
        )}
      </>
    );
  if (past) return null;
  return (
    <Button ref={button} size="sm" aria-disabled={attend.isPending || undefined} onClick={() => answer(true)}>
      {attend.isPending ? 'Saving...' : 'RSVP'}
      <span className="sr-only"> to {event.title}</span>
    </Button>
  );
}

/** One event in a day's list, in the Upcoming card or in a profile's Events tab (spec 02 §2). */
export function EventItem({ event, meId, now, variant, onAttended, actions }: EventItemProps) {
  const date = new Date(event.eventDate);
  const past = date.getTime() <= now;
  const { time, zone } = clockTime(date);
  // A day's list sits under its 'Events on' heading and a profile's under Hosting or Attending;
  // the Upcoming card's items under the card's.
  const Heading = variant === 'upcoming' ? 'h3' : 'h4';
  const hostName = [event.host.firstName, event.host.lastName].filter(Boolean).join(' ') || 'A member';
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4" data-testid={TEST_IDS[variant]}>
      <Heading className="font-semibold wrap-anywhere text-slate-900">{event.title}</Heading>
      {variant !== 'upcoming' && event.description ? <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">{event.description}</p> : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {variant !== 'day' ? <li>{shortDate(date)}</li> : null}
        <li className="flex items-center gap-1">
          <Clock className="h-4 w-4 text-slate-500" aria-hidden="true" />
          <time dateTime={event.eventDate}>{time}</time> <span>{zone}</span>
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
        {past ? <Badge className="bg-slate-200 text-slate-800">Past</Badge> : null}
        {/* Each control names its event: a list of them otherwise reads 'RSVP, Add to calendar' over and over. */}
        <RsvpControls event={event} meId={meId} past={past} onAttended={onAttended} />
        <a href={eventIcalHref(event.id)} download aria-label={`Add to calendar: ${event.title}`} className={buttonClass('ghost', 'sm', 'text-blue-800')}>
          <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Add to calendar
        </a>
        {actions}
      </div>
    </li>
  );
}
