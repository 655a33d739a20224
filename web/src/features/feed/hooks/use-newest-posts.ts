import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_REFRESH_MS } from '../../../config/constants';
import { withNewestPage } from '../utils/feed-pages';
import { newestPostsQueryOptions, postsQueryOptions } from '../api/get-posts';

/**
 * Others' new posts appear and their deleted ones go without a reload: the first page is read
 * every LIVE_REFRESH_MS (and when the tab comes back into view) and the loaded feed is brought up
 * to date with it. Only the first page: refetching the infinite query would read every page
 * scrolled through.
 */
export function useNewestPosts(active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const feedKey = postsQueryOptions().queryKey;
    const poll = () => {
      if (document.visibilityState === 'hidden') return;
      const before = queryClient.getQueryState(feedKey)?.dataUpdatedAt;
      queryClient.fetchQuery(newestPostsQueryOptions()).then(
        (page) => {
          // A post the member made (or a page scrolled in) while the page was read is newer than
          // what the page knows; it would be taken for deleted, so this tick leaves the feed alone.
          if (queryClient.getQueryState(feedKey)?.dataUpdatedAt !== before) return;
          queryClient.setQueryData(feedKey, (data) => withNewestPage(data, page));
        },
        // The query cache has reported the failure (a 401 signs in again); the next tick tries again.
        () => undefined,
      );
    };
    const timer = setInterval(poll, LIVE_REFRESH_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [active, queryClient]);
}
