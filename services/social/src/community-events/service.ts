import { EVENT_DATE_PASSED, EVENT_DATE_TOO_FAR, EVENT_DAY_COUNT_MAX, EVENT_MAX_YEARS_AHEAD } from '@freemarket/contracts';
import type { CalendarFeed, CalendarFeedStatus, CommunityEvent, CommunityEventPage, EventDays, EventDaysQuery, EventInput, ListEventsQuery, MemberEventsQuery, MemberName } from '@freemarket/contracts';
import { paginate, postgresError, type DbOrTx } from '@freemarket/db';
import { ConflictError, ForbiddenError, InvalidRequestError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { EventRow } from '../db/schema/index.js';
import { eventsArePublic } from '../members/member-profiles-projection.js';
import { memberNames } from '../users/summaries.js';
import { hashCalendarToken, newCalendarToken, toICalendar } from './calendar.js';
import {
  attend,
  calendarFeedCreatedAt,
  calendarOf,
  calendarOwner,
  cancelAttendance,
  daysWithEvents,
  deleteEvent,
  findEvent,
  insertEvent,
  pageAttending,
  pageByDate,
  pageHosted,
  saveCalendarToken,
  standingAttendees,
  updateEvent,
  viewEvent,
  type EventView,
} from './repository.js';

/** How far back a calendar feed reaches, and how many events it holds at most. */
const FEED_PAST_DAYS = 90;
const FEED_MAX_EVENTS = 500;
/** Calendar files' name of the member's subscription. */
const FEED_NAME = 'FreeMarket events';
/** A date this little in the past still counts as now: the member's clock may run a few minutes behind. */
const EVENT_DATE_SLACK_MS = 5 * 60_000;
/** Postgres's 'time zone not recognized': a zone the browser knows and its zone database does not. */
const UNKNOWN_TIME_ZONE = new Set(['22023']);

/** Community events (spec 02 §2): anyone signed in hosts and RSVPs; the host alone edits. */
export class EventService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async create(actor: Actor, input: EventInput): Promise<CommunityEvent> {
    requireFutureDate(input.eventDate);
    const row = await insertEvent(this.runtime.db, actor.userId, input);
    return this.view(actor, row.id);
  }

  async list(actor: Actor, query: ListEventsQuery): Promise<CommunityEventPage> {
    const now = new Date();
    const from = query.upcoming && (!query.from || query.from < now) ? now : query.from;
    const rows = await pageByDate(this.runtime.db, actor.userId, { from, to: query.to, after: readCursor(query.cursor), limit: query.limit });
    return this.page(rows, query.limit);
  }

  /** The calendar's marked days: which days of the window have events, and how many. */
  async days(query: EventDaysQuery): Promise<EventDays> {
    try {
      return { days: await daysWithEvents(this.runtime.db, query, EVENT_DAY_COUNT_MAX) };
    } catch (err) {
      if (postgresError(err, UNKNOWN_TIME_ZONE)) throw new InvalidRequestError('querystring.timeZone: is not a time zone the calendar knows', { cause: err });
      throw err;
    }
  }

  async hosted(actor: Actor, userId: string, query: MemberEventsQuery): Promise<CommunityEventPage> {
    await this.requireVisibleEvents(actor, userId);
    return this.page(await pageHosted(this.runtime.db, actor.userId, userId, { after: readCursor(query.cursor), limit: query.limit }), query.limit);
  }

  async attending(actor: Actor, userId: string, query: MemberEventsQuery): Promise<CommunityEventPage> {
    await this.requireVisibleEvents(actor, userId);
    return this.page(await pageAttending(this.runtime.db, actor.userId, userId, { after: readCursor(query.cursor), limit: query.limit }), query.limit);
  }

  async update(actor: Actor, id: string, input: EventInput): Promise<CommunityEvent> {
    await this.runtime.transaction(async (tx) => {
      const event = await this.hostedBy(tx, actor, id);
      // A past event's other details can still be put right; only its date cannot move into the past.
      if (input.eventDate.getTime() !== event.eventDate.getTime()) requireFutureDate(input.eventDate);
      await updateEvent(tx, id, input);
    });
    return this.view(actor, id);
  }

  /** Deletes the event; if it has not happened yet, each standing RSVP is announced as cancelled. */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.runtime.transaction(async (tx, emit) => {
      const event = await this.hostedBy(tx, actor, id);
      const attendees = isAhead(event) ? await standingAttendees(tx, id) : [];
      await deleteEvent(tx, id);
      await emit.all('event.attendance.cancelled', attendees.map((userId) => ({ eventId: id, userId, reason: 'event_deleted' as const })));
    });
  }

  /** RSVP yes, as often as the member likes; the first time is announced (and earns points) once. */
  async attend(actor: Actor, id: string): Promise<CommunityEvent> {
    await this.runtime.transaction(async (tx, emit) => {
      const event = await findEvent(tx, id, { lock: true });
      if (!event) throw new NotFoundError('Event not found');
      if (event.hostUserId === actor.userId) throw new ForbiddenError('You are hosting this event');
      if (!isAhead(event)) throw new ConflictError('This event has already taken place');
      if ((await attend(tx, id, actor.userId)) === 'new') await emit('event.attended', { eventId: id, userId: actor.userId });
    });
    return this.view(actor, id);
  }

  /**
   * Cancels the member's RSVP. Before the event it is announced, so the RSVP's points go back; once
   * the event has taken place the member attended, and keeps them.
   */
  async cancelAttendance(actor: Actor, id: string): Promise<void> {
    await this.runtime.transaction(async (tx, emit) => {
      // Locked as `attend` locks it: the event row first, then the RSVP, whichever of the two runs.
      const event = await findEvent(tx, id, { lock: true });
      if (!event) throw new NotFoundError('Event not found');
      if ((await cancelAttendance(tx, id, actor.userId)) && isAhead(event)) {
        await emit('event.attendance.cancelled', { eventId: id, userId: actor.userId, reason: 'cancelled' });
      }
    });
  }

  async icalOf(_actor: Actor, id: string): Promise<string> {
    const event = await findEvent(this.runtime.db, id);
    if (!event) throw new NotFoundError('Event not found');
    return toICalendar([event]);
  }

  async calendarFeedStatus(actor: Actor): Promise<CalendarFeedStatus> {
    const createdAt = await calendarFeedCreatedAt(this.runtime.db, actor.userId);
    return { createdAt: createdAt?.toISOString() ?? null };
  }

  /** A fresh private address for the member's calendar; whatever address they had stops working. */
  async resetCalendarFeed(actor: Actor): Promise<CalendarFeed> {
    const { token, hash } = newCalendarToken();
    await saveCalendarToken(this.runtime.db, actor.userId, hash);
    return { path: `/api/events/calendar/${token}.ics` };
  }

  /** The calendar behind a private address: no session, the token is the key; an unknown one is 404. */
  async calendarFeed(tokenFile: string): Promise<string> {
    const token = tokenFile.replace(/\.ics$/, '');
    const userId = await calendarOwner(this.runtime.db, hashCalendarToken(token));
    if (!userId) throw new NotFoundError('Calendar not found');
    const since = new Date(Date.now() - FEED_PAST_DAYS * 86_400_000);
    return toICalendar(await calendarOf(this.runtime.db, userId, since, FEED_MAX_EVENTS), { name: FEED_NAME });
  }

  private async view(actor: Actor, id: string): Promise<CommunityEvent> {
    const row = await viewEvent(this.runtime.db, id, actor.userId);
    if (!row) throw new NotFoundError('Event not found');
    return toEvent(row, await memberNames(this.runtime.db, [row.hostUserId]));
  }

  private async page(rows: EventView[], limit: number): Promise<CommunityEventPage> {
    const page = paginate(rows, limit, (r) => ({ createdAt: r.eventDate, id: r.id }));
    const nameOf = await memberNames(this.runtime.db, page.items.map((r) => r.hostUserId));
    return { items: page.items.map((r) => toEvent(r, nameOf)), nextCursor: page.nextCursor };
  }

  /** The event, locked, if the actor hosts it; a visible event of someone else's is 403. */
  private async hostedBy(tx: DbOrTx, actor: Actor, id: string): Promise<EventRow> {
    const event = await findEvent(tx, id, { lock: true });
    if (!event) throw new NotFoundError('Event not found');
    if (event.hostUserId !== actor.userId) throw new ForbiddenError('Only the host can change this event');
    return event;
  }

  private async requireVisibleEvents(actor: Actor, userId: string): Promise<void> {
    if (userId !== actor.userId && !(await eventsArePublic(this.runtime.db, userId))) throw new ForbiddenError('This member keeps their events private');
  }
}

/** Whether the event is still to come: RSVPs are taken, and ended ones announced, until it starts. */
function isAhead(event: EventRow): boolean {
  return event.eventDate > new Date();
}

/** A new event, or an event moved to another time, must not have passed (allowing for a clock a little behind), nor lie beyond the calendar's reach. */
function requireFutureDate(eventDate: Date): void {
  if (eventDate.getTime() < Date.now() - EVENT_DATE_SLACK_MS) throw new InvalidRequestError(`body.eventDate: ${EVENT_DATE_PASSED}`);
  const latest = new Date();
  latest.setUTCFullYear(latest.getUTCFullYear() + EVENT_MAX_YEARS_AHEAD);
  if (eventDate > latest) throw new InvalidRequestError(`body.eventDate: ${EVENT_DATE_TOO_FAR}`);
}

function toEvent(row: EventView, nameOf: (id: string) => MemberName): CommunityEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    eventDate: row.eventDate.toISOString(),
    location: row.location,
    hostUserId: row.hostUserId,
    host: nameOf(row.hostUserId),
    isAttending: row.isAttending,
    attendeeCount: row.attendeeCount,
    createdAt: row.createdAt.toISOString(),
  };
}
