import { communityEventPageSchema, eventDaysQuerySchema, eventDaysSchema, listEventsQuerySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getEvents(app: App, ctx: SocialContext): void {
  app.get('/api/events', { config: { memberOnly: true }, schema: { querystring: listEventsQuerySchema, response: { 200: communityEventPageSchema } } }, async (req) =>
    ctx.events.list(requireActor(req), req.query),
  );
  app.get('/api/events/days', { config: { memberOnly: true }, schema: { querystring: eventDaysQuerySchema, response: { 200: eventDaysSchema } } }, async (req) =>
    ctx.events.days(req.query),
  );
}
