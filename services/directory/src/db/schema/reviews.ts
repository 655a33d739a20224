import { sql } from 'drizzle-orm';
import { check, date, index, integer, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';

/** Reviews between members: one per reviewer and reviewee, a second post updates it. */
export const reviews = directory.table(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewerId: text('reviewer_id').notNull(),
    revieweeId: text('reviewee_id').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    serviceDate: date('service_date'),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', timestampOptions).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_reviewer_reviewee_unique').on(t.reviewerId, t.revieweeId),
    index('reviews_reviewee_created_idx').on(t.revieweeId, t.createdAt.desc(), t.id.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_not_self', sql`${t.reviewerId} <> ${t.revieweeId}`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;
