import type { CreatePostBody, ListPostsQuery, MemberName, Post, PostPage } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { PostRow } from '../db/schema/index.js';
import { memberNames } from '../users/summaries.js';
import { deleteOwnPost, insertPost, pagePosts } from './repository.js';

/** The public community feed (spec 02 §2): every member reads it, authors delete their own posts. */
export class PostService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async create(actor: Actor, input: CreatePostBody): Promise<Post> {
    const row = await this.runtime.transaction(async (tx, emit) => {
      const saved = await insertPost(tx, actor.userId, input.content);
      await emit('post.created', { postId: saved.id, userId: saved.userId });
      return saved;
    });
    return toPost(row, await memberNames(this.runtime.db, [row.userId]));
  }

  async list(_actor: Actor, query: ListPostsQuery): Promise<PostPage> {
    const rows = await pagePosts(this.runtime.db, { userId: query.userId, after: readCursor(query.cursor), limit: query.limit });
    const page = paginate(rows, query.limit);
    const nameOf = await memberNames(this.runtime.db, page.items.map((r) => r.userId));
    return { items: page.items.map((r) => toPost(r, nameOf)), nextCursor: page.nextCursor };
  }

  /** Only the author deletes a post; anyone else's attempt looks like a missing post. */
  async remove(actor: Actor, id: string): Promise<void> {
    if (!(await deleteOwnPost(this.runtime.db, id, actor.userId))) throw new NotFoundError('Post not found');
  }
}

function toPost(row: PostRow, nameOf: (id: string) => MemberName): Post {
  return { id: row.id, userId: row.userId, content: row.content, createdAt: row.createdAt.toISOString(), user: nameOf(row.userId) };
}
