import { text, timestamp } from 'drizzle-orm/pg-core';
import { identity } from './identity.js';

/** Accounts of the development OpenID provider: what a developer typed on its sign-in page. */
export const devAccounts = identity.table('dev_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
export type DevAccountRow = typeof devAccounts.$inferSelect;
