import type { CreateReview, MyReview, Review } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { ForbiddenError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { reviews } from '../db/schema/index.js';
import { ProfileRepository } from '../profiles/repository.js';
import { olderThanCursor, type Page } from '../shared/paging.js';
import { ReviewRepository, type ReviewWithReviewer } from './repository.js';

export type PostedReview = { review: Review; created: boolean };

/**
 * Reviews: one per reviewer and reviewee (a second post updates the first), never of oneself, and
 * the reviewee's averageRating/reviewCount recomputed from the reviews in the same transaction.
 */
export class ReviewService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async post(actor: Actor, input: CreateReview): Promise<PostedReview> {
    if (input.revieweeId === actor.userId) throw new ForbiddenError('You cannot review yourself');
    const { id, created } = await this.runtime.transaction(async (tx, emit) => {
      // Every review of this member queues on the profile row, so each recount sees all the others.
      const profile = await new ProfileRepository(tx).lockByUserId(input.revieweeId);
      if (!profile) throw new NotFoundError('Profile not found');
      const repository = new ReviewRepository(tx);
      const existing = (await repository.byPair(actor.userId, input.revieweeId))?.review.id;
      const values = { rating: input.rating, comment: input.comment, serviceDate: input.serviceDate ?? null };
      const row = existing ? await repository.update(existing, values) : await repository.insert(actor.userId, input.revieweeId, values);
      await repository.recountRatings([profile.id]);
      const data = { reviewId: row.id, reviewerId: row.reviewerId, revieweeId: row.revieweeId, rating: row.rating };
      // Only a first review earns points (rewards consumes review.created); an edit is just news.
      await emit(existing ? 'review.updated' : 'review.created', data);
      return { id: row.id, created: !existing };
    });
    const review = await new ReviewRepository(this.runtime.db).byId(id);
    return { review: toReview(review!), created };
  }

  /** `GET /api/reviews/{userId}/mine`: what the caller wrote of the member, so the form can edit it. */
  async mine(actor: Actor, userId: string): Promise<MyReview> {
    const found = await new ReviewRepository(this.runtime.db).byPair(actor.userId, userId);
    return { review: found ? toReview(found) : null };
  }

  /** `GET /api/reviews/{userId}`: newest first. */
  async forMember(_actor: Actor, userId: string, page: { cursor?: string; limit: number }): Promise<Page<Review>> {
    const rows = await new ReviewRepository(this.runtime.db).forReviewee(userId, olderThanCursor(reviews, page.cursor), page.limit + 1);
    return paginate(rows.map(toReview), page.limit, (r) => ({ createdAt: new Date(r.createdAt), id: r.id }));
  }
}

function toReview({ review: r, reviewer }: ReviewWithReviewer): Review {
  return {
    id: r.id,
    reviewerId: r.reviewerId,
    revieweeId: r.revieweeId,
    rating: r.rating,
    comment: r.comment,
    serviceDate: r.serviceDate,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    reviewer: reviewer ?? { id: r.reviewerId, firstName: null, lastName: null, profileImageUrl: null },
  };
}
