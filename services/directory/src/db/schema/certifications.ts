import { date, index, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';
import { profiles } from './profiles.js';

/** Certifications and licences of a profile (spec 02 §3). */
export const certifications = directory.table(
  'certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    issuer: varchar('issuer', { length: 200 }),
    licenseNumber: varchar('license_number', { length: 100 }),
    issueDate: date('issue_date'),
    expiryDate: date('expiry_date'),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
  },
  (t) => [index('certifications_profile_idx').on(t.profileId, t.createdAt)],
);
export type CertificationRow = typeof certifications.$inferSelect;
