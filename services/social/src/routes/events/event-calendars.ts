import { calendarFeedParamsSchema, calendarFeedSchema, calendarFeedStatusSchema, eventParamsSchema } from '@freemarket/contracts';
import { requireActor, textAnswer, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

const ICALENDAR = 'text/calendar; charset=utf-8';
const eventFile = { 200: textAnswer('text/calendar', 'The event as an iCalendar file') };
const feedFile = { 200: textAnswer('text/calendar', 'The member’s events as an iCalendar feed') };

/** iCalendar files: one event's, and the member's private feed that calendar apps subscribe to. */
export function eventCalendars(app: App, ctx: SocialContext): void {
  app.get('/api/events/:id/ical', { config: { memberOnly: true }, schema: { params: eventParamsSchema, response: eventFile } }, async (req, reply) => {
    const body = await ctx.events.icalOf(requireActor(req), req.params.id);
    return reply.type(ICALENDAR).header('content-disposition', `attachment; filename="event-${req.params.id}.ics"`).send(body);
  });
  app.get('/api/events/calendar-feed', { config: { memberOnly: true }, schema: { response: { 200: calendarFeedStatusSchema } } }, async (req) =>
    ctx.events.calendarFeedStatus(requireActor(req)),
  );
  app.post('/api/events/calendar-feed', { config: { memberOnly: true }, schema: { response: { 201: calendarFeedSchema } } }, async (req, reply) => {
    const feed = await ctx.events.resetCalendarFeed(requireActor(req));
    return reply.status(201).send(feed);
  });
  // Calendar apps fetch without a session: the unguessable token in the address is the key. The
  // address ends in .ics, as some calendar apps expect of a subscription.
  app.get('/api/events/calendar/:token.ics', { config: { memberOnly: false }, schema: { params: calendarFeedParamsSchema, response: feedFile } }, async (req, reply) => {
    const body = await ctx.events.calendarFeed(req.params.token);
    return reply.type(ICALENDAR).header('cache-control', 'private, max-age=300').send(body);
  });
}
