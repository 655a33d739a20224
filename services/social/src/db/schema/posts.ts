import { sql } from 'drizzle-orm';
import { check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { POST_MAX_LENGTH } from '@freemarket/contracts';
import { social } from './social.js';

/** Posts on the public community feed (spec 02 §3), read newest first by keyset. */
export const posts = social.table(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_feed_idx').on(t.createdAt, t.id),
    index('posts_author_idx').on(t.userId, t.createdAt, t.id),
    check('posts_content_length', sql`char_length(${t.content}) between 1 and ${sql.raw(String(POST_MAX_LENGTH))}`),
  ],
);
export type PostRow = typeof posts.$inferSelect;
