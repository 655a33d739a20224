import { eq, inArray, or } from 'drizzle-orm';
import { forgetUser, type ServiceRuntime } from '@freemarket/kit';
import { businessReferrals, favoriteBusinesses, members, profiles, proposedLegislation, reviews, testimonials } from '../../db/schema/index.js';
import { ReviewRepository } from '../../reviews/repository.js';

/**
 * `user.deleted`: the member's profile (its skills and certifications cascade), the reviews and
 * testimonials they wrote or received, their favourites either way, referrals and legislation
 * proposals. The profiles they had reviewed get their ratings recounted without them.
 */
export function consumeUserDeleted(runtime: ServiceRuntime): void {
  forgetUser(runtime, members, async (tx, userId) => {
    const written = await tx.delete(reviews).where(or(eq(reviews.reviewerId, userId), eq(reviews.revieweeId, userId))).returning({ revieweeId: reviews.revieweeId });
    const reviewed = written.map((r) => r.revieweeId).filter((id) => id !== userId);
    if (reviewed.length > 0) {
      const rated = await tx.select({ id: profiles.id }).from(profiles).where(inArray(profiles.userId, reviewed)).for('update');
      await new ReviewRepository(tx).recountRatings(rated.map((p) => p.id));
    }
    await tx.delete(testimonials).where(or(eq(testimonials.authorId, userId), eq(testimonials.profileUserId, userId)));
    await tx.delete(favoriteBusinesses).where(or(eq(favoriteBusinesses.userId, userId), eq(favoriteBusinesses.businessUserId, userId)));
    await tx.delete(businessReferrals).where(eq(businessReferrals.referrerId, userId));
    await tx.delete(proposedLegislation).where(eq(proposedLegislation.userId, userId));
    await tx.delete(profiles).where(eq(profiles.userId, userId));
  });
}
