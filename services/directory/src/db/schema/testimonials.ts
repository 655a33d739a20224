import { index, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';

/** What members write about each other (spec 02 §3); one per author and member. */
export const testimonials = directory.table(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id').notNull(),
    profileUserId: text('profile_user_id').notNull(),
    content: text('content').notNull(),
    relationship: varchar('relationship', { length: 100 }),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
  },
  (t) => [
    unique('testimonials_author_subject_unique').on(t.authorId, t.profileUserId),
    index('testimonials_subject_created_idx').on(t.profileUserId, t.createdAt.desc(), t.id.desc()),
  ],
);
export type TestimonialRow = typeof testimonials.$inferSelect;
