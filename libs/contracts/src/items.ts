import { z } from 'zod';
import { optionalText } from './primitives.js';
import { positiveAmountSchema } from './commerce.js';

export const ITEM_LIMITS = { title: 200, description: 5000, photos: 10, photoUrl: 2048 } as const;
/** `GET /api/items-for-sale/{userId}`: default and largest page size. */
export const ITEMS_LIMIT = { default: 20, max: 50 } as const;

export const ITEM_STATUSES = ['available', 'sold'] as const;
export const itemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof itemStatusSchema>;

/** A photo address: http(s) only, so nothing but an image request leaves the viewer's page. */
const photoUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).max(ITEM_LIMITS.photoUrl);

/**
 * `POST /api/items-for-sale` and `PUT /api/items-for-sale/{id}` (spec 02 §3, §5): blank photo
 * addresses are dropped; an empty price means none (the price is open). Any price numeric(10,2)
 * holds: a car or a 25-cent item too, though Buy Now takes a card only within `isCardAmount`.
 */
export const itemBodySchema = z.object({
  title: z.string().trim().min(1, 'must not be blank').max(ITEM_LIMITS.title),
  description: optionalText(ITEM_LIMITS.description),
  photos: z
    .array(z.string().trim())
    .default([])
    .transform((photos) => photos.filter(Boolean))
    .pipe(z.array(photoUrl).max(ITEM_LIMITS.photos, `must hold at most ${ITEM_LIMITS.photos} photos`)),
  price: z
    .literal('')
    .transform(() => null)
    .or(positiveAmountSchema)
    .nullish()
    .transform((v) => v ?? null),
  openToNegotiate: z.boolean().default(false),
  openToBarter: z.boolean().default(false),
  pickupAvailable: z.boolean().default(false),
  deliveryAvailable: z.boolean().default(false),
});
export type ItemBody = z.input<typeof itemBodySchema>;
export type ItemInput = z.output<typeof itemBodySchema>;

/** An item for sale (spec 02 §3); `sold` once a card payment for it succeeded. */
export const itemSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  photos: z.array(z.string()),
  price: z.string().nullable(),
  openToNegotiate: z.boolean(),
  openToBarter: z.boolean(),
  pickupAvailable: z.boolean(),
  deliveryAvailable: z.boolean(),
  status: itemStatusSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Item = z.infer<typeof itemSchema>;

export const itemPageSchema = z.object({ items: z.array(itemSchema), nextCursor: z.string().nullable() });
export type ItemPage = z.infer<typeof itemPageSchema>;

export const sellerItemsParamsSchema = z.object({ userId: z.string().min(1).max(255) });
export const listItemsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ITEMS_LIMIT.max).default(ITEMS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListItemsQuery = z.infer<typeof listItemsQuerySchema>;
export const itemParamsSchema = z.object({ id: z.uuid() });
