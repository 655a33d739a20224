import { createTestimonialSchema, testimonialSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function createTestimonial(app: App, ctx: DirectoryContext): void {
  app.post('/api/testimonials', { config: { memberOnly: true }, schema: { body: createTestimonialSchema, response: { 201: testimonialSchema } } }, async (req, reply) =>
    reply.status(201).send(await ctx.testimonials.create(requireActor(req), req.body)),
  );
}
