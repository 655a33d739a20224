import { text, timestamp } from 'drizzle-orm/pg-core';
import { identity } from './identity.js';

/** Members, keyed by their OIDC subject (spec 02 §3). */
export const users = identity.table('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;
