import { z } from 'zod';
import { optionalText } from './primitives.js';
import { memberNameSchema } from './posts.js';
import { socialMemberIdSchema } from './social.js';

/** Bounds of an event's fields. */
export const EVENT_LIMITS = { title: 200, description: 5000, location: 300 } as const;
/** The Upcoming Events card (spec 02 §9). */
export const UPCOMING_EVENTS_LIMIT = 10;
/** Event lists: default and largest page size. */
export const EVENTS_LIMIT = { default: 20, max: 50 } as const;
/** The longest `from`-`to` window one calendar request may ask for. */
export const EVENTS_MAX_RANGE_DAYS = 366;

/** Spec 02 §5: the date must parse, else this message. */
export const INVALID_EVENT_DATE = 'Please enter a valid date';
/** Why a new event, or an event moved to another time, is refused a date that has passed (`body.eventDate: …`). */
export const EVENT_DATE_PASSED = 'must be in the future';
/** How far ahead an event may be planned: the calendar shows every day up to then. */
export const EVENT_MAX_YEARS_AHEAD = 10;
/** Why a new event, or an event moved to another time, is refused a date too far ahead. */
export const EVENT_DATE_TOO_FAR = `must be within the next ${EVENT_MAX_YEARS_AHEAD} years`;

/**
 * An ISO date-time (or anything Date parses to a real instant, as the client's datetime-local gives), as a Date.
 * A refused date aborts, so no check of the whole query compares a string that never became a Date.
 */
export const eventDateSchema = z
  .string({ error: INVALID_EVENT_DATE })
  .refine((v) => !Number.isNaN(Date.parse(v)) && Math.abs(new Date(v).getUTCFullYear() - 2000) < 1000, { message: INVALID_EVENT_DATE, abort: true })
  .transform((v) => new Date(v));

/** `POST /api/events` and `PUT /api/events/{id}`: the host is the caller, never a field. */
export const eventBodySchema = z.object({
  title: z.string().trim().min(1, 'must not be blank').max(EVENT_LIMITS.title),
  description: optionalText(EVENT_LIMITS.description),
  eventDate: eventDateSchema,
  location: optionalText(EVENT_LIMITS.location),
});
export type EventBody = z.input<typeof eventBodySchema>;
export type EventInput = z.output<typeof eventBodySchema>;

/** A community event (spec 02 §3) as the viewer sees it. */
export const communityEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  eventDate: z.iso.datetime(),
  location: z.string().nullable(),
  hostUserId: z.string(),
  host: memberNameSchema,
  isAttending: z.boolean(),
  attendeeCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type CommunityEvent = z.infer<typeof communityEventSchema>;

const booleanFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * `GET /api/events?from&to&upcoming&limit&cursor`: events by date, earliest first. `from`
 * (inclusive) and `to` (exclusive) bound a calendar view; `upcoming=true` starts from now.
 */
export const listEventsQuerySchema = z
  .object({
    from: eventDateSchema.optional(),
    to: eventDateSchema.optional(),
    upcoming: booleanFlag.optional(),
    limit: z.coerce.number().int().min(1).max(EVENTS_LIMIT.max).default(EVENTS_LIMIT.default),
    cursor: z.string().min(1).max(200).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { path: ['to'], message: 'must be after from' })
  .refine((q) => !q.from || !q.to || q.to.getTime() - q.from.getTime() <= EVENTS_MAX_RANGE_DAYS * 86_400_000, {
    path: ['to'],
    message: `must be at most ${EVENTS_MAX_RANGE_DAYS} days after from`,
  });
export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;

/** `GET /api/events/hosted/{userId}` and `/attending/{userId}`: latest event first. */
export const memberEventsParamsSchema = z.object({ userId: socialMemberIdSchema });
export const memberEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(EVENTS_LIMIT.max).default(EVENTS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type MemberEventsQuery = z.infer<typeof memberEventsQuerySchema>;

export const communityEventPageSchema = z.object({ items: z.array(communityEventSchema), nextCursor: z.string().nullable() });
export type CommunityEventPage = z.infer<typeof communityEventPageSchema>;

export const eventParamsSchema = z.object({ id: z.uuid() });

/** A day of the calendar counts its events up to this many; a busier day shows as this many or more. */
export const EVENT_DAY_COUNT_MAX = 100;
/** The longest window `GET /api/events/days` answers: a month's grid of six weeks. */
export const EVENT_DAYS_MAX_RANGE = 42;

const DAY_MS = 86_400_000;

/**
 * A zone name the browser's Intl knows (`Europe/Berlin`, `UTC`, `Etc/GMT+5`), as Intl's canonical
 * zone: Postgres reads a bare offset with the opposite sign and an abbreviation such as `IST` or
 * `PST` as a fixed offset of its own choosing, where Intl means Asia/Calcutta and Los Angeles.
 */
export const timeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, 'must be a time zone name, like Europe/Berlin')
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: 'must be a time zone name, like Europe/Berlin' });
    return z.NEVER;
  });

function canonicalTimeZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/events/days?from&to&timeZone`: the days from `from` up to `to` (exclusive; local dates,
 * `YYYY-MM-DD`, in `timeZone`) that have events, and how many (counted up to EVENT_DAY_COUNT_MAX).
 */
export const eventDaysQuerySchema = z
  .object({ from: z.iso.date(), to: z.iso.date(), timeZone: timeZoneSchema })
  .refine((q) => q.from < q.to, { path: ['to'], message: 'must be after from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= EVENT_DAYS_MAX_RANGE * DAY_MS, {
    path: ['to'],
    message: `must be at most ${EVENT_DAYS_MAX_RANGE} days after from`,
  });
export type EventDaysQuery = z.output<typeof eventDaysQuerySchema>;

export const eventDaysSchema = z.object({
  days: z.array(z.object({ date: z.iso.date(), count: z.number().int().min(1).max(EVENT_DAY_COUNT_MAX) })),
});
export type EventDays = z.infer<typeof eventDaysSchema>;

/**
 * `POST /api/events/calendar-feed`: a new private address (a path on the site) of the calendar of
 * events the member attends or hosts; the one given before stops working.
 */
export const calendarFeedSchema = z.object({ path: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
/**
 * `GET /api/events/calendar-feed`: when the member's current private address was made, or null
 * without one. The address itself cannot be given again: only its token's hash is kept.
 */
export const calendarFeedStatusSchema = z.object({ createdAt: z.iso.datetime().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
/** `GET /api/events/calendar/{token}.ics`: the token is the address's 256 random bits, base64url. */
export const calendarFeedParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a calendar address') });
