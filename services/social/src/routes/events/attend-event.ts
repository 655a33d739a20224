import { communityEventSchema, eventParamsSchema } from '@freemarket/contracts';
import { type App, noContent, requireActor } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

/** RSVP (the spec's client sends `{}`, others nothing) and its cancellation. */
export function attendEvent(app: App, ctx: SocialContext): void {
  app.post('/api/events/:id/attend', { config: { memberOnly: true }, schema: { params: eventParamsSchema, response: { 200: communityEventSchema } } }, async (req) =>
    ctx.events.attend(requireActor(req), req.params.id),
  );
  app.delete('/api/events/:id/attend', { config: { memberOnly: true }, schema: { params: eventParamsSchema, response: noContent } }, async (req, reply) => {
    await ctx.events.cancelAttendance(requireActor(req), req.params.id);
    return reply.status(204).send(null);
  });
}
