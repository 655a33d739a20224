import { sql } from 'drizzle-orm';
import { index, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';

/**
 * Businesses members refer (spec 02 §3). A referral earns points, so one member refers one
 * business (by name, ignoring case) once.
 */
export const businessReferrals = directory.table(
  'business_referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: text('referrer_id').notNull(),
    businessName: varchar('business_name', { length: 200 }).notNull(),
    businessType: varchar('business_type', { length: 100 }),
    contactInfo: text('contact_info'),
    reason: text('reason'),
    address: text('address'),
    phone: text('phone'),
    website: text('website'),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_referrals_referrer_name_unique').on(t.referrerId, sql`lower(${t.businessName})`),
    index('business_referrals_referrer_created_idx').on(t.referrerId, t.createdAt.desc(), t.id.desc()),
  ],
);
export type BusinessReferralRow = typeof businessReferrals.$inferSelect;
