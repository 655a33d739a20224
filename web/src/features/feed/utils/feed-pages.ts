import type { InfiniteData } from '@tanstack/react-query';
import type { Post, PostPage } from '@freemarket/contracts';

export type FeedData = InfiniteData<PostPage>;

/**
 * The loaded feed brought up to date with the newest page: its unseen posts go on top, and loaded
 * posts in the stretch it covers that it no longer holds (deleted since) drop out. When every post
 * of the newest page is unseen and more follow it, posts are missing between it and the loaded
 * ones: the feed then starts again from the newest page, and scrolling reads on from there.
 */
export function withNewestPage(data: FeedData | undefined, newest: PostPage): FeedData | undefined {
  if (!data || data.pages.length === 0) return data;
  const known = new Set(data.pages.flatMap((page) => page.items.map((post) => post.id)));
  const unseen = newest.items.filter((post) => !known.has(post.id));
  if (unseen.length === newest.items.length && newest.nextCursor !== null && known.size > 0) return { pages: [newest], pageParams: [undefined] };
  const kept = new Set(newest.items.map((post) => post.id));
  const covered = coveredBy(newest);
  const pages = data.pages.map((page) => {
    const items = page.items.filter((post) => kept.has(post.id) || !covered(post));
    return items.length === page.items.length ? page : { ...page, items };
  });
  const [first, ...rest] = pages;
  if (!first || (unseen.length === 0 && pages.every((page, i) => page === data.pages[i]))) return data;
  return { pages: [{ ...first, items: [...unseen, ...first.items] }, ...rest], pageParams: data.pageParams };
}

/**
 * Whether a post falls in the stretch of the feed the newest page read: the whole feed when nothing
 * follows the page, else everything newer than its last post. Posts from that post's very
 * millisecond are left alone, since the page may have stopped between them.
 */
function coveredBy(newest: PostPage): (post: Post) => boolean {
  const last = newest.items.at(-1);
  if (newest.nextCursor === null || !last) return () => true;
  const since = Date.parse(last.createdAt);
  return (post) => Date.parse(post.createdAt) > since;
}

/** The loaded feed with the member's new post on top. */
export function withPost(data: FeedData | undefined, post: Post): FeedData | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first || data.pages.some((page) => page.items.some((p) => p.id === post.id))) return data;
  return { pages: [{ ...first, items: [post, ...first.items] }, ...rest], pageParams: data.pageParams };
}

/** The loaded feed without the post `id`. */
export function withoutPost(data: FeedData | undefined, id: string): FeedData | undefined {
  if (!data) return data;
  return { pages: data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== id) })), pageParams: data.pageParams };
}
