import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { POSTS_LIMIT, PostPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

export const POSTS_PAGE_SIZE: (typeof POSTS_LIMIT)['default'] = 20;

/** `GET /api/posts`: the community feed, newest first, one page after `cursor`. */
export function getPosts(cursor?: string): Promise<PostPage> {
  return apiGet<PostPage>('/api/posts', { limit: POSTS_PAGE_SIZE, cursor });
}

export const postsKeyRoot = ['/api/posts'] as const;

/** The feed as the screen scrolls through it: page after page by keyset cursor. */
export const postsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...postsKeyRoot, 'feed'],
    queryFn: ({ pageParam }) => getPosts(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The first page alone, read on an interval to find posts newer than the ones on screen. */
export const newestPostsQueryOptions = () => queryOptions({ queryKey: [...postsKeyRoot, 'newest'], queryFn: () => getPosts(), staleTime: 0 });

export function usePosts() {
  return useInfiniteQuery(postsQueryOptions());
}
