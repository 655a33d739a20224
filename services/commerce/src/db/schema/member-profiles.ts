import { boolean, text, timestamp } from 'drizzle-orm/pg-core';
import { commerce } from './commerce-schema.js';

/**
 * What commerce needs to know of members' profiles, learned from `profile.created` and
 * `profile.updated`: whether they may receive donations, and whether others see their items for sale.
 */
export const memberProfiles = commerce.table('member_profiles', {
  userId: text('user_id').primaryKey(),
  isPoliticalCandidate: boolean('is_political_candidate').notNull(),
  itemsForSaleIsPublic: boolean('items_for_sale_is_public').notNull().default(true),
  /** occurredAt of the event applied, so an older event arriving late changes nothing. */
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
});
export type MemberProfileRow = typeof memberProfiles.$inferSelect;
