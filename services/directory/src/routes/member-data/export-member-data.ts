import { eq, or } from 'drizzle-orm';
import { serveMemberExport, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';
import { businessReferrals, certifications, favoriteBusinesses, profiles, proposedLegislation, reviews, skills, testimonials, userSkills } from '../../db/schema/index.js';

/** The member's part of the account export: profile, skills, reviews and testimonials either way, and the rest they wrote. */
export function exportMemberData(app: App, ctx: DirectoryContext): void {
  serveMemberExport(app, ctx.runtime, {
    profile: (db, userId, limit) => db.select().from(profiles).where(eq(profiles.userId, userId)).limit(limit),
    skills: (db, userId, limit) =>
      db
        .select({ skillId: userSkills.skillId, name: skills.name })
        .from(userSkills)
        .innerJoin(profiles, eq(profiles.id, userSkills.profileId))
        .innerJoin(skills, eq(skills.id, userSkills.skillId))
        .where(eq(profiles.userId, userId))
        .limit(limit),
    certifications: (db, userId, limit) =>
      db.select({ certification: certifications }).from(certifications).innerJoin(profiles, eq(profiles.id, certifications.profileId)).where(eq(profiles.userId, userId)).limit(limit),
    reviews: (db, userId, limit) => db.select().from(reviews).where(or(eq(reviews.reviewerId, userId), eq(reviews.revieweeId, userId))).limit(limit),
    testimonials: (db, userId, limit) => db.select().from(testimonials).where(or(eq(testimonials.authorId, userId), eq(testimonials.profileUserId, userId))).limit(limit),
    favoriteBusinesses: (db, userId, limit) => db.select().from(favoriteBusinesses).where(eq(favoriteBusinesses.userId, userId)).limit(limit),
    businessReferrals: (db, userId, limit) => db.select().from(businessReferrals).where(eq(businessReferrals.referrerId, userId)).limit(limit),
    proposedLegislation: (db, userId, limit) => db.select().from(proposedLegislation).where(eq(proposedLegislation.userId, userId)).limit(limit),
  });
}
