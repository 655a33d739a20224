import { index, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';

/** A member's favorite local businesses (spec 02 §3). */
export const favoriteBusinesses = directory.table(
  'favorite_businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    businessUserId: text('business_user_id').notNull(),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
  },
  (t) => [
    unique('favorite_businesses_user_business_unique').on(t.userId, t.businessUserId),
    index('favorite_businesses_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);
export type FavoriteBusinessRow = typeof favoriteBusinesses.$inferSelect;
