import { directoryListQuery, directoryUserIdParams, reviewPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function listReviews(app: App, ctx: DirectoryContext): void {
  app.get(
    '/api/reviews/:userId',
    { config: { memberOnly: true }, schema: { params: directoryUserIdParams, querystring: directoryListQuery, response: { 200: reviewPageSchema } } },
    async (req) => ctx.reviews.forMember(requireActor(req), req.params.userId, req.query),
  );
}
