import { and, asc, desc, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { newerThan, olderThan, queryRows, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import { calendarFeeds, eventAttendees, events, type EventRow } from '../db/schema/index.js';

export type EventFields = Pick<EventRow, 'title' | 'description' | 'eventDate' | 'location'>;
/** An event as the API shows it: its `updatedAt` only stamps calendar files, so a page does not read it. */
export type EventView = Omit<EventRow, 'updatedAt'> & { isAttending: boolean };

// Written against the table's full name: drizzle leaves a lone table's columns unqualified, which a subquery would take as its own.
const attendingBy = (viewerId: string) =>
  sql<boolean>`exists (select 1 from ${eventAttendees} a where a.event_id = ${events}.id and a.user_id = ${viewerId} and a.cancelled_at is null)`;

function viewColumns(viewerId: string) {
  return {
    id: events.id,
    hostUserId: events.hostUserId,
    title: events.title,
    description: events.description,
    eventDate: events.eventDate,
    location: events.location,
    createdAt: events.createdAt,
    isAttending: attendingBy(viewerId),
    attendeeCount: events.attendeeCount,
  };
}

export async function insertEvent(db: DbOrTx, hostUserId: string, fields: EventFields): Promise<EventRow> {
  const [row] = await db
    .insert(events)
    .values({ hostUserId, ...fields })
    .returning();
  return row!;
}

export async function findEvent(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<EventRow | undefined> {
  const query = db.select().from(events).where(eq(events.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function viewEvent(db: DbOrTx, id: string, viewerId: string): Promise<EventView | undefined> {
  const [row] = await db.select(viewColumns(viewerId)).from(events).where(eq(events.id, id)).limit(1);
  return row;
}

/**
 * Changes the event. `updatedAt` moves on by at least a second, on the database's clock as
 * `createdAt` is, so the calendar files' SEQUENCE (whole seconds between the two) grows with every change.
 */
export async function updateEvent(db: DbOrTx, id: string, fields: EventFields): Promise<void> {
  await db
    .update(events)
    .set({ ...fields, updatedAt: sql`greatest(now(), ${events.updatedAt} + interval '1 second')` })
    .where(eq(events.id, id));
}

export async function deleteEvent(db: DbOrTx, id: string): Promise<void> {
  await db.delete(events).where(eq(events.id, id));
}

/** Events by date, earliest first, within [from, to), after the cursor's (eventDate, id). */
export function pageByDate(db: DbOrTx, viewerId: string, options: { from?: Date; to?: Date; after?: TimeIdKey; limit: number }): Promise<EventView[]> {
  const conditions: SQL[] = [];
  if (options.from) conditions.push(gte(events.eventDate, options.from));
  if (options.to) conditions.push(lt(events.eventDate, options.to));
  if (options.after) conditions.push(newerThan(events.eventDate, events.id, options.after));
  return db
    .select(viewColumns(viewerId))
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.eventDate), asc(events.id))
    .limit(options.limit + 1);
}

/**
 * The first instant of the local date `day` (a timestamp at midnight) in `timeZone`, as a browser
 * reckons it. Where clocks go back at midnight, Postgres reads the twice-seen 00:00 as the later
 * instant and a browser as the earlier, which is still that date an hour before.
 */
function dayStart(day: SQL, timeZone: string): SQL {
  const midnight = sql`(${day} at time zone ${timeZone})`;
  return sql`case when (${midnight} - interval '1 hour') at time zone ${timeZone} >= ${day} then ${midnight} - interval '1 hour' else ${midnight} end`;
}

/**
 * The days in [from, to) (local dates in `timeZone`) that have events, each with its events counted
 * up to `cap`: one probe of the date index a day, however busy the month.
 */
export function daysWithEvents(db: DbOrTx, range: { from: string; to: string; timeZone: string }, cap: number): Promise<{ date: string; count: number }[]> {
  const { from, to, timeZone } = range;
  return queryRows(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as date, n.count
        from generate_series(${from}::timestamp, ${to}::timestamp - interval '1 day', interval '1 day') as d
        cross join lateral (select ${dayStart(sql`d`, timeZone)} as starts, ${dayStart(sql`(d + interval '1 day')`, timeZone)} as ends) as bounds
        cross join lateral (
          select count(*)::int as count from (
            select from ${events} e where e.event_date >= bounds.starts and e.event_date < bounds.ends limit ${cap}
          ) as day_events
        ) as n
        where n.count > 0
        order by d`,
  );
}

/** Events a member hosts, latest first. */
export function pageHosted(db: DbOrTx, viewerId: string, hostUserId: string, options: { after?: TimeIdKey; limit: number }): Promise<EventView[]> {
  const conditions: SQL[] = [eq(events.hostUserId, hostUserId)];
  if (options.after) conditions.push(olderThan(events.eventDate, events.id, options.after));
  return db
    .select(viewColumns(viewerId))
    .from(events)
    .where(and(...conditions))
    .orderBy(desc(events.eventDate), desc(events.id))
    .limit(options.limit + 1);
}

/** Events a member has said they attend (and not cancelled), latest first. */
export function pageAttending(db: DbOrTx, viewerId: string, attendeeId: string, options: { after?: TimeIdKey; limit: number }): Promise<EventView[]> {
  const conditions: SQL[] = [eq(eventAttendees.userId, attendeeId), isNull(eventAttendees.cancelledAt)];
  if (options.after) conditions.push(olderThan(events.eventDate, events.id, options.after));
  return db
    .select(viewColumns(viewerId))
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(...conditions))
    .orderBy(desc(events.eventDate), desc(events.id))
    .limit(options.limit + 1);
}

/**
 * Records the RSVP and counts it on the event: a first answer inserts (`'new'`), a cancelled one is
 * restored (`'restored'`), a standing one changes nothing (`'already'`). Run it in the transaction
 * that locked the event, as `cancelAttendance` does, so the two take their locks in one order.
 */
export async function attend(db: DbOrTx, eventId: string, userId: string): Promise<'new' | 'restored' | 'already'> {
  const outcome = await recordRsvp(db, eventId, userId);
  if (outcome !== 'already') await countAttendees(db, eventId, 1);
  return outcome;
}

async function recordRsvp(db: DbOrTx, eventId: string, userId: string): Promise<'new' | 'restored' | 'already'> {
  const [inserted] = await db.insert(eventAttendees).values({ eventId, userId }).onConflictDoNothing().returning({ userId: eventAttendees.userId });
  if (inserted) return 'new';
  const restored = await db
    .update(eventAttendees)
    .set({ cancelledAt: null })
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId), sql`${eventAttendees.cancelledAt} is not null`))
    .returning({ userId: eventAttendees.userId });
  return restored.length > 0 ? 'restored' : 'already';
}

/**
 * Cancels a standing RSVP and takes it off the event's count; false when there was none. Run it in
 * the transaction that locked the event.
 */
export async function cancelAttendance(db: DbOrTx, eventId: string, userId: string): Promise<boolean> {
  const cancelled = await db
    .update(eventAttendees)
    // The database's clock, as for the RSVP's own time: the two never disagree.
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId), isNull(eventAttendees.cancelledAt)))
    .returning({ userId: eventAttendees.userId });
  if (cancelled.length === 0) return false;
  await countAttendees(db, eventId, -1);
  return true;
}

/** The members whose RSVP to the event stands; run it in the transaction that locked the event. */
export async function standingAttendees(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), isNull(eventAttendees.cancelledAt)))
    .orderBy(asc(eventAttendees.userId));
  return rows.map((r) => r.userId);
}

/** Each standing RSVP to the host's events still ahead; run it after `lockEventsOf`. */
export async function standingAttendanceAtUpcomingEventsOf(db: DbOrTx, hostUserId: string): Promise<{ eventId: string; userId: string }[]> {
  return db
    .select({ eventId: eventAttendees.eventId, userId: eventAttendees.userId })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(events.hostUserId, hostUserId), gt(events.eventDate, sql`now()`), isNull(eventAttendees.cancelledAt)))
    .orderBy(asc(eventAttendees.eventId), asc(eventAttendees.userId));
}

async function countAttendees(db: DbOrTx, eventId: string, by: 1 | -1): Promise<void> {
  await db
    .update(events)
    .set({ attendeeCount: sql`${events.attendeeCount} + ${by}` })
    .where(eq(events.id, eventId));
}

/**
 * Locks, in id order, every event the member hosts or has answered. A member's deletion takes them
 * before it erases anything of an event, so two deletions sharing events run one after the other;
 * an RSVP and its cancellation lock the event first too.
 */
export async function lockEventsOf(db: DbOrTx, memberId: string): Promise<void> {
  await db.execute(sql`select e.id from ${events} e
    where e.host_user_id = ${memberId} or e.id in (select event_id from ${eventAttendees} where user_id = ${memberId})
    order by e.id for update of e`);
}

/** Erases a member's RSVPs and takes the standing ones off their events' counts; run it after `lockEventsOf`. */
export async function forgetAttendance(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`with gone as (delete from ${eventAttendees} where user_id = ${userId} returning event_id, cancelled_at)
    update ${events} e set attendee_count = e.attendee_count - g.n
    from (select event_id, count(*)::int as n from gone where cancelled_at is null group by event_id) g
    where e.id = g.event_id`);
}

/** The events a member attends or hosts from `since` on, earliest first, for their calendar feed. */
export function calendarOf(db: DbOrTx, userId: string, since: Date, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        gte(events.eventDate, since),
        sql`(${events.hostUserId} = ${userId} or exists (select 1 from ${eventAttendees} a where a.event_id = ${events}.id and a.user_id = ${userId} and a.cancelled_at is null))`,
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.id))
    .limit(limit);
}

/** Keeps the hash of the member's new calendar token; the token before it stops working. */
export async function saveCalendarToken(db: DbOrTx, userId: string, tokenHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: new Date() } });
}

/** When the member's current calendar address was made, if they have one. */
export async function calendarFeedCreatedAt(db: DbOrTx, userId: string): Promise<Date | undefined> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row?.createdAt;
}

export async function calendarOwner(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
  return row?.userId;
}
