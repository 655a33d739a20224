import { and, desc, eq, type SQL } from 'drizzle-orm';
import { olderThan, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import { posts, type PostRow } from '../db/schema/index.js';

export async function insertPost(db: DbOrTx, userId: string, content: string): Promise<PostRow> {
  const [row] = await db.insert(posts).values({ userId, content }).returning();
  return row!;
}

/** Deletes the post if `userId` wrote it; false when there is no such post of theirs. */
export async function deleteOwnPost(db: DbOrTx, id: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  return deleted.length > 0;
}

/** One page of the feed (or of one member's posts), newest first, keyed on (createdAt, id). */
export function pagePosts(db: DbOrTx, options: { userId?: string; after?: TimeIdKey; limit: number }): Promise<PostRow[]> {
  const conditions: SQL[] = [];
  if (options.userId) conditions.push(eq(posts.userId, options.userId));
  if (options.after) conditions.push(olderThan(posts.createdAt, posts.id, options.after));
  return db
    .select()
    .from(posts)
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(options.limit + 1);
}
