/*
 * Calendar arithmetic in the member's own time zone, and the spec's formats (spec 02 §2: 'March 5,
 * 2025', 'MMM d, yyyy', 'h:mm a') through Intl, so no date library joins the bundle.
 */

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const WEEKDAY_LONG = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const WEEKDAY_SHORT = new Intl.DateTimeFormat('en-US', { weekday: 'short' });
// The member's own zone, named ('PDT', 'GMT+2'): an event elsewhere or a member travelling knows which clock it is.
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' });

/** 'March 5, 2025'. */
export function longDate(date: Date): string {
  return LONG_DATE.format(date);
}

/** 'Mar 5, 2025' (MMM d, yyyy). */
export function shortDate(date: Date): string {
  return SHORT_DATE.format(date);
}

/** 'March 2025'. */
export function monthYear(date: Date): string {
  return MONTH_YEAR.format(date);
}

/** 'Wednesday'. */
export function weekdayLong(date: Date): string {
  return WEEKDAY_LONG.format(date);
}

/** 'Wed'. */
export function weekdayShort(date: Date): string {
  return WEEKDAY_SHORT.format(date);
}

/**
 * An event's time: '6:30 PM' (the spec's h:mm a) and the zone it is read in, the viewer's own
 * ('PDT', 'GMT+2'), shown beside it. Every event time shown goes through here. Built from the
 * parts: recent ICU versions put a narrow no-break space before the day period, which would not
 * match the spec's text.
 */
export function clockTime(date: Date): { time: string; zone: string } {
  const parts = TIME.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { time: `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`, zone: part('timeZoneName') };
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

/** The same day of the month `months` later, or that month's last day when it is shorter. */
export function addMonths(date: Date, months: number): Date {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const lastDay = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), lastDay));
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function sameMonth(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();
}

/** A local day as 'YYYY-MM-DD': the key of the calendar's marks. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The month's weeks, Sunday first; days of the neighbouring months are null. */
export function monthWeeks(month: Date): Array<Array<Date | null>> {
  const first = startOfMonth(month);
  const days = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const cells: Array<Date | null> = Array.from({ length: first.getDay() }, () => null);
  for (let d = 1; d <= days; d++) cells.push(new Date(first.getFullYear(), first.getMonth(), d));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** The seven days of a week, Sunday first, for the calendar's column headers. */
export function weekdays(): Date[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => new Date(2023, 0, 1 + i));
}
