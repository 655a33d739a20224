import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { social } from './social.js';

/**
 * Community events (spec 02 §3), read by date for the calendar and the upcoming list.
 * `attendeeCount` is the number of standing RSVPs, kept in the transaction that changes one, so a
 * page of events reads it instead of counting each event's attendees.
 */
export const events = social.table(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostUserId: text('host_user_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    eventDate: timestamp('event_date', { withTimezone: true, precision: 3 }).notNull(),
    location: text('location'),
    attendeeCount: integer('attendee_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('events_date_idx').on(t.eventDate, t.id),
    index('events_host_idx').on(t.hostUserId, t.eventDate, t.id),
    check('events_attendee_count_check', sql`${t.attendeeCount} >= 0`),
  ],
);
export type EventRow = typeof events.$inferSelect;

/**
 * RSVPs. A cancelled RSVP keeps its row (`cancelledAt` set), so answering yes again announces
 * nothing new: `event.attended` goes out once per member and event.
 */
export const eventAttendees = social.table(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_attendees_member_idx').on(t.userId).where(sql`${t.cancelledAt} is null`),
    check('event_attendees_cancel_after_rsvp', sql`${t.cancelledAt} is null or ${t.cancelledAt} >= ${t.createdAt}`),
  ],
);
export type EventAttendeeRow = typeof eventAttendees.$inferSelect;

/** A member's private calendar address: only the SHA-256 of its token is kept. */
export const calendarFeeds = social.table('calendar_feeds', {
  userId: text('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
