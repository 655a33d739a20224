import { createReviewSchema, reviewSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/** 201 for a first review; 200 when it replaced the reviewer's earlier one. */
export function postReview(app: App, ctx: DirectoryContext): void {
  app.post('/api/reviews', { config: { memberOnly: true }, schema: { body: createReviewSchema, response: { 200: reviewSchema, 201: reviewSchema } } }, async (req, reply) => {
    const { review, created } = await ctx.reviews.post(requireActor(req), req.body);
    return reply.status(created ? 201 : 200).send(review);
  });
}
