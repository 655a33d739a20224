/**
 * `GET /api/events/{id}/ical`: the event as an iCalendar file. The page links to it ('Add to
 * calendar') rather than fetching it: the browser downloads it with the session's cookie and hands
 * it to the calendar app.
 */
export function eventIcalHref(id: string): string {
  return `/api/events/${encodeURIComponent(id)}/ical`;
}
