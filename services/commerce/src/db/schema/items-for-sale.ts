import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ITEM_STATUSES } from '@freemarket/contracts';
import { commerce } from './commerce-schema.js';

/** Items members sell (spec 02 §3), listed per seller, newest first. */
export const itemsForSale = commerce.table(
  'items_for_sale',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    price: numeric('price', { precision: 10, scale: 2 }),
    openToNegotiate: boolean('open_to_negotiate').notNull().default(false),
    openToBarter: boolean('open_to_barter').notNull().default(false),
    pickupAvailable: boolean('pickup_available').notNull().default(false),
    deliveryAvailable: boolean('delivery_available').notNull().default(false),
    status: text('status', { enum: ITEM_STATUSES }).notNull().default('available'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('items_for_sale_seller_idx').on(t.userId, t.createdAt, t.id),
    check('items_for_sale_price_positive', sql`${t.price} is null or ${t.price} > 0`),
    check('items_for_sale_status_check', sql`${t.status} in ('available', 'sold')`),
  ],
);
export type ItemRow = typeof itemsForSale.$inferSelect;
