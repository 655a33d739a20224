import { communityEventPageSchema, memberEventsParamsSchema, memberEventsQuerySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

const schema = { params: memberEventsParamsSchema, querystring: memberEventsQuerySchema, response: { 200: communityEventPageSchema } };

/** A member's hosted and attended events, for their profile's Events tab. */
export function getMemberEvents(app: App, ctx: SocialContext): void {
  app.get('/api/events/hosted/:userId', { config: { memberOnly: true }, schema }, async (req) => ctx.events.hosted(requireActor(req), req.params.userId, req.query));
  app.get('/api/events/attending/:userId', { config: { memberOnly: true }, schema }, async (req) =>
    ctx.events.attending(requireActor(req), req.params.userId, req.query),
  );
}
