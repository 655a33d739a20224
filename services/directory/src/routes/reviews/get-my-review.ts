import { directoryUserIdParams, myReviewSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/** The caller's own review of a member, whatever page of their reviews it falls on. */
export function getMyReview(app: App, ctx: DirectoryContext): void {
  app.get(
    '/api/reviews/:userId/mine',
    { config: { memberOnly: true }, schema: { params: directoryUserIdParams, response: { 200: myReviewSchema } } },
    async (req) => ctx.reviews.mine(requireActor(req), req.params.userId),
  );
}
