import { z } from 'zod';
import { PAYMENT_MAX_AMOUNT, PAYMENT_MIN_AMOUNT } from './commerce-constants.js';
import { optionalText } from './primitives.js';
import { memberNameSchema } from './posts.js';
import { socialMemberIdSchema } from './social.js';

export const TUTORIAL_LIMITS = { title: 200, description: 5000, videoUrl: 2048, durationMinutes: 10_000 } as const;
/** Tutorial lists: default and largest page size. */
export const TUTORIALS_LIMIT = { default: 20, max: 50 } as const;
/** The highest price a tutorial may ask: it is paid by card, in one payment. */
export const TUTORIAL_MAX_PRICE = PAYMENT_MAX_AMOUNT;

/** An http(s) address; anything else (javascript:, data:) would run or embed in the viewer's page. */
const webUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
  .max(TUTORIAL_LIMITS.videoUrl);

/** A price as the form sends it: digits with up to two decimals. */
const priceText = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'must be an amount with at most two decimals')
  .refine((p) => Number(p) <= TUTORIAL_MAX_PRICE, `must be at most ${TUTORIAL_MAX_PRICE}`);

/**
 * `POST /api/diy-content` (spec 02 §5): free by default; a paid tutorial asks at least the smallest card payment.
 * A free one's price is stored as 0 whatever was sent.
 */
export const createTutorialBodySchema = z
  .object({
    title: z.string().trim().min(1, 'must not be blank').max(TUTORIAL_LIMITS.title),
    description: optionalText(TUTORIAL_LIMITS.description),
    videoUrl: z
      .literal('')
      .transform(() => null)
      .or(webUrl)
      .nullish()
      .transform((v) => v ?? null),
    duration: z.number().int().min(1).max(TUTORIAL_LIMITS.durationMinutes).nullish().transform((v) => v ?? null),
    price: priceText.nullish(),
    isFree: z.boolean().default(true),
    skillId: z.uuid(),
  })
  // A video is what members pay for.
  .refine((t) => t.isFree || t.videoUrl !== null, { path: ['videoUrl'], message: 'must be given for a paid tutorial: it is what members pay for' })
  // Paid by card: at least the smallest card payment.
  .refine((t) => t.isFree || (t.price !== null && t.price !== undefined && Number(t.price) >= Number(PAYMENT_MIN_AMOUNT)), {
    path: ['price'],
    message: `must be at least ${PAYMENT_MIN_AMOUNT} for a paid tutorial, the smallest card payment`,
  })
  .transform((t) => ({ ...t, price: t.isFree ? '0.00' : Number(t.price).toFixed(2) }));
export type CreateTutorialBody = z.input<typeof createTutorialBodySchema>;
export type CreateTutorialInput = z.output<typeof createTutorialBodySchema>;

/**
 * A tutorial (spec 02 §3, listing) as the viewer sees it. A paid tutorial's `videoUrl` is null to
 * anyone but its creator and the members enrolled in it (`isEnrolled`: the viewer paid for it,
 * and the payment was not refunded in full).
 */
export const tutorialSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  videoUrl: z.string().nullable(),
  duration: z.number().int().nullable(),
  price: z.string(),
  isFree: z.boolean(),
  viewCount: z.number().int().nonnegative(),
  creatorId: z.string(),
  creator: memberNameSchema,
  skill: z.object({ id: z.uuid(), name: z.string(), categoryId: z.uuid() }).nullable(),
  isSaved: z.boolean(),
  isEnrolled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Tutorial = z.infer<typeof tutorialSchema>;

export const tutorialPageSchema = z.object({ items: z.array(tutorialSchema), nextCursor: z.string().nullable() });
export type TutorialPage = z.infer<typeof tutorialPageSchema>;

export const listTutorialsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TUTORIALS_LIMIT.max).default(TUTORIALS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListTutorialsQuery = z.infer<typeof listTutorialsQuerySchema>;

/** `GET /api/diy-content/skill/{categoryId}`: the id is the skill category's, though the path says skill (spec 02 §7). */
export const tutorialsByCategoryParamsSchema = z.object({ categoryId: z.uuid() });
export const tutorialsByCreatorParamsSchema = z.object({ userId: socialMemberIdSchema });
export const tutorialParamsSchema = z.object({ id: z.uuid() });
