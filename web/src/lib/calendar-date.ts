/**
 * A day on the member's own calendar as 'YYYY-MM-DD', the form a date-only field (a target date, a
 * date input) takes: read from the local date, never through UTC, which is a day off for part of the day.
 */
export function localCalendarDate(at: Date = new Date()): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}
