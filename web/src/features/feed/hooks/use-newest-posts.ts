import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FEED_REFRESH_MS } from '../utils/constants';
import { withNewestPage } from '../utils/feed-pages';
import { newestPostsQueryOptions, postsQueryOptions } from '../api/get-posts';

/**
 * Others' new posts appear without a reload: the first page is read every FEED_REFRESH_MS (and
 * when the tab comes back into view) and its unseen posts go on top of the loaded feed. Only the
 * first page: refetching the infinite query would read every page scrolled through.
 */
export function useNewestPosts(active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const poll = () => {
      if (document.visibilityState === 'hidden') return;
      queryClient.fetchQuery(newestPostsQueryOptions()).then(
        (page) => queryClient.setQueryData(postsQueryOptions().queryKey, (data) => withNewestPage(data, page)),
        // The query cache has reported the failure (a 401 signs in again); the next tick tries again.
        () => undefined,
      );
    };
    const timer = setInterval(poll, FEED_REFRESH_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [active, queryClient]);
}
