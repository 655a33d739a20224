import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { profiles, reviews, users, type ReviewRow } from '../db/schema/index.js';

export type ReviewValues = Pick<ReviewRow, 'rating' | 'comment' | 'serviceDate'>;
export type ReviewWithReviewer = { review: ReviewRow; reviewer: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null } | null };

/** Reviews and the rating aggregates they make on the reviewee's profile. */
export class ReviewRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The reviewer's review of the reviewee, if they wrote one. */
  async byPair(reviewerId: string, revieweeId: string): Promise<ReviewWithReviewer | undefined> {
    return (await this.select(and(eq(reviews.reviewerId, reviewerId), eq(reviews.revieweeId, revieweeId)), 1))[0];
  }

  async insert(reviewerId: string, revieweeId: string, values: ReviewValues): Promise<ReviewRow> {
    const [row] = await this.db
      .insert(reviews)
      .values({ ...values, reviewerId, revieweeId })
      .returning();
    return row!;
  }

  async update(id: string, values: ReviewValues): Promise<ReviewRow> {
    const [row] = await this.db
      .update(reviews)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(reviews.id, id))
      .returning();
    return row!;
  }

  async byId(id: string): Promise<ReviewWithReviewer | undefined> {
    return (await this.select(eq(reviews.id, id), 1))[0];
  }

  /** The member's reviews newest first, after `after` (a keyset condition) when given. */
  async forReviewee(revieweeId: string, after: SQL | undefined, limit: number): Promise<ReviewWithReviewer[]> {
    return this.select(and(eq(reviews.revieweeId, revieweeId), after), limit);
  }

  /**
   * Exact aggregates from the reviews themselves, for one profile or many: no drift, whatever order
   * posts commit in (callers hold the profile's row lock).
   */
  async recountRatings(profileIds: string[]): Promise<void> {
    if (profileIds.length === 0) return;
    const theirs = sql`from ${reviews} r where r.reviewee_id = ${profiles.userId}`;
    await this.db
      .update(profiles)
      .set({
        averageRating: sql`coalesce((select round(avg(r.rating), 2) ${theirs}), 0)`,
        reviewCount: sql`(select count(*) ${theirs})`,
      })
      .where(inArray(profiles.id, profileIds));
  }

  private async select(where: SQL | undefined, limit: number): Promise<ReviewWithReviewer[]> {
    return this.db
      .select({ review: reviews, reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl } })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.reviewerId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit);
  }
}
