import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CreateReview, Review } from '@freemarket/contracts';
import { ForbiddenError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { DbOrTx } from '@freemarket/db';
import { profiles, reviews, users, type ReviewRow } from '../db/schema/index.js';
import { ProfileRepository } from '../profiles/repository.js';
import { paginate } from '@freemarket/db';
import { olderThanCursor, type Page } from '../shared/paging.js';

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
      const [existing] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.reviewerId, actor.userId), eq(reviews.revieweeId, input.revieweeId)));
      const values = { rating: input.rating, comment: input.comment, serviceDate: input.serviceDate ?? null };
      const row = existing
        ? (await tx.update(reviews).set({ ...values, updatedAt: new Date() }).where(eq(reviews.id, existing.id)).returning())[0]!
        : (await tx.insert(reviews).values({ ...values, reviewerId: actor.userId, revieweeId: input.revieweeId }).returning())[0]!;
      await recountRatings(tx, [profile.id]);
      const data = { reviewId: row.id, reviewerId: row.reviewerId, revieweeId: row.revieweeId, rating: row.rating };
      // Only a first review earns points (rewards consumes review.created); an edit is just news.
      await emit(existing ? 'review.updated' : 'review.created', data);
      return { id: row.id, created: !existing };
    });
    const [review] = await this.select(eq(reviews.id, id), 1);
    return { review: review!, created };
  }

  /** `GET /api/reviews/{userId}`: newest first. */
  async forMember(_actor: Actor, userId: string, page: { cursor?: string; limit: number }): Promise<Page<Review>> {
    const rows = await this.select(and(eq(reviews.revieweeId, userId), olderThanCursor(reviews, page.cursor)), page.limit + 1);
    return paginate(rows, page.limit, (r) => ({ createdAt: new Date(r.createdAt), id: r.id }));
  }

  private async select(where: ReturnType<typeof and>, limit: number): Promise<Review[]> {
    const rows = await this.runtime.db
      .select({ review: reviews, reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl } })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.reviewerId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit);
    return rows.map((r) => toReview(r.review, r.reviewer));
  }
}

/**
 * Exact aggregates from the reviews themselves, for one profile or many: no drift, whatever order
 * posts commit in (callers hold the profile's row lock).
 */
export async function recountRatings(tx: DbOrTx, profileIds: string[]): Promise<void> {
  if (profileIds.length === 0) return;
  const theirs = sql`from ${reviews} r where r.reviewee_id = ${profiles.userId}`;
  await tx
    .update(profiles)
    .set({
      averageRating: sql`coalesce((select round(avg(r.rating), 2) ${theirs}), 0)`,
      reviewCount: sql`(select count(*) ${theirs})`,
    })
    .where(inArray(profiles.id, profileIds));
}

function toReview(r: ReviewRow, reviewer: Review['reviewer'] | null): Review {
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
