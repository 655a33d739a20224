import type {
  EVENT_LIMITS as EVENT_LIMITS_CONTRACT,
  EVENT_DAY_COUNT_MAX as EVENT_DAY_COUNT_MAX_CONTRACT,
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

/** The day list's page size. */
export const DAY_EVENTS_PAGE_SIZE: (typeof EVENTS_LIMIT)['default'] = 20;

/** A day of the calendar counts its events up to this many, shown as 'N+ events'. */
export const EVENT_DAY_COUNT_MAX: typeof EVENT_DAY_COUNT_MAX_CONTRACT = 100;

export const INVALID_EVENT_DATE: typeof INVALID_EVENT_DATE_CONTRACT = 'Please enter a valid date';
