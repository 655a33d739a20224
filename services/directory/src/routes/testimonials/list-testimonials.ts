import { directoryListQuery, directoryUserIdParams, testimonialPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function listTestimonials(app: App, ctx: DirectoryContext): void {
  app.get(
    '/api/testimonials/:userId',
    { config: { memberOnly: true }, schema: { params: directoryUserIdParams, querystring: directoryListQuery, response: { 200: testimonialPageSchema } } },
    async (req) => ctx.testimonials.forMember(requireActor(req), req.params.userId, req.query),
  );
}
