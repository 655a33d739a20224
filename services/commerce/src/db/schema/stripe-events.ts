import { text, timestamp } from 'drizzle-orm/pg-core';
import { commerce } from './commerce-schema.js';

/** Stripe event ids already applied: a redelivered event has no second effect. */
export const stripeEvents = commerce.table('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
