import type {
  EVENT_LIMITS as EVENT_LIMITS_CONTRACT,
  EVENTS_LIMIT,
  INVALID_EVENT_DATE as INVALID_EVENT_DATE_CONTRACT,
  UPCOMING_EVENTS_LIMIT as UPCOMING_EVENTS_LIMIT_CONTRACT,
} from '@freemarket/contracts';

/*
 * Spec 02 §5 and §9 for events: the contract's values, typed from it (its module brings zod with
 * it, so the client declares its own copies; a changed contract stops this compiling). They load
 * with the events screen only.
 */

export const EVENT_LIMITS: typeof EVENT_LIMITS_CONTRACT = { title: 200, description: 5000, location: 300 };

/** The Upcoming Events card shows this many (spec 02 §9). */
export const UPCOMING_EVENTS_LIMIT: typeof UPCOMING_EVENTS_LIMIT_CONTRACT = 10;

/** The largest page the events list gives; the calendar reads a month in pages of this size. */
export const EVENTS_PAGE_MAX: (typeof EVENTS_LIMIT)['max'] = 200;

/** The day list's page size. */
export const DAY_EVENTS_PAGE_SIZE: (typeof EVENTS_LIMIT)['default'] = 50;

/**
 * The calendar reads at most this many pages of a month (1,000 events) to mark its days; a busier
 * month marks the days of its first 1,000 events, and each day's own list still shows them all.
 */
export const MONTH_PAGES_MAX = 5;

export const INVALID_EVENT_DATE: typeof INVALID_EVENT_DATE_CONTRACT = 'Please enter a valid date';
