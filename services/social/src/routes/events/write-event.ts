import { communityEventSchema, eventBodySchema, eventParamsSchema } from '@freemarket/contracts';
import { type App, noContent, requireActor } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

/** Create, change and delete an event; only its host changes or deletes it. */
export function writeEvent(app: App, ctx: SocialContext): void {
  app.post('/api/events', { config: { memberOnly: true }, schema: { body: eventBodySchema, response: { 201: communityEventSchema } } }, async (req, reply) => {
    const event = await ctx.events.create(requireActor(req), req.body);
    return reply.status(201).send(event);
  });
  app.put(
    '/api/events/:id',
    { config: { memberOnly: true }, schema: { params: eventParamsSchema, body: eventBodySchema, response: { 200: communityEventSchema } } },
    async (req) => ctx.events.update(requireActor(req), req.params.id, req.body),
  );
  app.delete('/api/events/:id', { config: { memberOnly: true }, schema: { params: eventParamsSchema, response: noContent } }, async (req, reply) => {
    await ctx.events.remove(requireActor(req), req.params.id);
    return reply.status(204).send(null);
  });
}
