import { z } from 'zod';
import { httpUrl, memberId, nameText, nonBlank } from './primitives.js';

const author = z.object({ id: memberId, firstName: z.string().nullable(), lastName: z.string().nullable() });

/** `POST /api/testimonials`: the spec's `{content, relationship}` plus whom it is about. */
export const createTestimonialSchema = z.object({
  profileUserId: memberId,
  content: nonBlank(2000),
  relationship: z.string().trim().max(100).nullable().optional(),
});
export type CreateTestimonial = z.infer<typeof createTestimonialSchema>;

export const testimonialSchema = z.object({
  id: z.uuid(),
  authorId: memberId,
  profileUserId: memberId,
  content: z.string(),
  relationship: z.string().nullable(),
  createdAt: z.string(),
  author,
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialPageSchema = z.object({ items: z.array(testimonialSchema), nextCursor: z.string().nullable() });

/** `POST /api/favorite-businesses` (spec 02 §7). */
export const createFavoriteBusinessSchema = z.object({ businessUserId: memberId });

export const favoriteBusinessSchema = z.object({
  id: z.uuid(),
  userId: memberId,
  businessUserId: memberId,
  createdAt: z.string(),
  business: z.object({ fullName: z.string(), email: z.string().nullable(), businessName: z.string().nullable(), title: z.string().nullable() }),
});
export type FavoriteBusiness = z.infer<typeof favoriteBusinessSchema>;
export const favoriteBusinessPageSchema = z.object({ items: z.array(favoriteBusinessSchema), nextCursor: z.string().nullable() });

/** `POST /api/business-referrals`: the spec's payload plus the optional columns of its table. */
export const createBusinessReferralSchema = z.object({
  businessName: nameText(200),
  contactInfo: z.string().trim().max(500).nullable().optional(),
  reason: z.string().trim().max(2000).nullable().optional(),
  businessType: z.string().trim().max(100).nullable().optional(),
  address: z.string().trim().max(500).nullable().optional(),
  phone: z.string().trim().max(50).nullable().optional(),
  website: z.union([z.literal('').transform(() => null), httpUrl]).nullable().optional(),
});
export type CreateBusinessReferral = z.infer<typeof createBusinessReferralSchema>;

export const businessReferralSchema = z.object({
  id: z.uuid(),
  referrerId: memberId,
  businessName: z.string(),
  contactInfo: z.string().nullable(),
  reason: z.string().nullable(),
  businessType: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  createdAt: z.string(),
});
export type BusinessReferral = z.infer<typeof businessReferralSchema>;
export const businessReferralPageSchema = z.object({ items: z.array(businessReferralSchema), nextCursor: z.string().nullable() });

/** `POST` and `PUT /api/proposed-legislation` (spec 02 §3: title max 200, document URLs). */
export const legislationInputSchema = z.object({
  title: nonBlank(200),
  description: z.string().max(10_000).nullable().optional(),
  documentUrls: z.array(httpUrl).max(20).default([]),
});
export type LegislationInput = z.infer<typeof legislationInputSchema>;

export const legislationSchema = z.object({
  id: z.uuid(),
  userId: memberId,
  title: z.string(),
  description: z.string().nullable(),
  documentUrls: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Legislation = z.infer<typeof legislationSchema>;
export const legislationPageSchema = z.object({ items: z.array(legislationSchema), nextCursor: z.string().nullable() });
