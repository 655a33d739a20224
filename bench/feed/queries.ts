import { desc } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { olderThan, type TimeIdKey } from '@freemarket/db';
import { posts } from '../../services/social/src/db/schema/index.js';

export interface Statement {
  text: string;
  values: unknown[];
}

const qb = new QueryBuilder();

/**
 * The feed's statement for the page after `key`, built as the service's `pagePosts` builds it: every
 * column of posts, newest first by (created_at, id), one row more than the page to tell whether
 * another follows.
 */
export function cursorPage(key: TimeIdKey, limit: number): Statement {
  const { sql, params } = qb
    .select()
    .from(posts)
    .where(olderThan(posts.createdAt, posts.id, key))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit + 1)
    .toSQL();
  return { text: sql, values: params };
}

/** The same page read by skipping `offset` rows instead: same columns, same order, same limit. */
export function offsetPage(offset: number, limit: number): Statement {
  const { sql, params } = qb
    .select()
    .from(posts)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit + 1)
    .offset(offset)
    .toSQL();
  return { text: sql, values: params };
}
