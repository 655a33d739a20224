import { z } from 'zod';
import { calendarDate, memberId, nonBlank } from './primitives.js';

/** The latest date on any calendar on Earth now (UTC+14), so no member's 'today' is refused. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** `POST /api/reviews` (spec 01 §7): a whole-star rating, a comment that is not blank, a service that has happened. */
export const createReviewSchema = z.object({
  revieweeId: memberId,
  rating: z.number().int().min(1).max(5),
  comment: nonBlank(2000),
  serviceDate: calendarDate.refine((d) => d <= latestToday(), 'must not be in the future').nullable().optional(),
});
export type CreateReview = z.infer<typeof createReviewSchema>;

/** A review (spec 01 §3), newest first in lists. */
export const reviewSchema = z.object({
  id: z.uuid(),
  reviewerId: memberId,
  revieweeId: memberId,
  rating: z.number().int(),
  comment: z.string(),
  serviceDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewer: z.object({ id: memberId, firstName: z.string().nullable(), lastName: z.string().nullable(), profileImageUrl: z.string().nullable() }),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewPageSchema = z.object({ items: z.array(reviewSchema), nextCursor: z.string().nullable() });
/** `GET /api/reviews/{userId}/mine`: the caller's review of the member, null until they write one. */
export const myReviewSchema = z.object({ review: reviewSchema.nullable() });
export type MyReview = z.infer<typeof myReviewSchema>;
