import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { identity } from './identity.js';

/** Messages sent through the public contact form; read by operators with `npm run contact:list`. */
export const contactMessages = identity.table(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The member who sent it when they were signed in; visitors may write too. */
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;
