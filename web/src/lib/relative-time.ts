const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let format: Intl.RelativeTimeFormat | undefined;

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago': how long ago `iso` was, in words. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  // A clock a little ahead of the server's would otherwise say 'in 2 seconds'.
  if (seconds < 60) return 'just now';
  format ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** The full local date and time, for a `title` beside a relative time. */
export function fullDateTime(iso: string): string {
  return new Date(iso).toLocaleString();
}
