import type { InfiniteData } from '@tanstack/react-query';
import type { Post, PostPage } from '@freemarket/contracts';

export type FeedData = InfiniteData<PostPage>;

/**
 * The loaded feed with the newest page's unseen posts on top. When every post of the newest page
 * is unseen and more follow it, posts are missing between it and the loaded ones: the feed then
 * starts again from the newest page, and scrolling reads on from there.
 */
export function withNewestPage(data: FeedData | undefined, newest: PostPage): FeedData | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return data;
  const known = new Set(data.pages.flatMap((page) => page.items.map((post) => post.id)));
  const unseen = newest.items.filter((post) => !known.has(post.id));
  if (unseen.length === 0) return data;
  if (unseen.length === newest.items.length && newest.nextCursor !== null && known.size > 0) return { pages: [newest], pageParams: [undefined] };
  return { pages: [{ ...first, items: [...unseen, ...first.items] }, ...rest], pageParams: data.pageParams };
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
