import type { Post } from '@freemarket/contracts';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useNow } from '../../../lib/use-now';
import { usePosts } from '../api/get-posts';
import { useNewestPosts } from '../hooks/use-newest-posts';
import { DeletePostDialog } from './delete-post-dialog';
import { PostComposer } from './post-composer';
import { PostItem } from './post-item';

export interface FeedScreenProps {
  meId: string;
  /** The Network Broadcast tab's form (messaging's), composed by the route. */
  broadcastForm: ReactNode;
}

/** Spec 02 §2, /feed: Public Post and Network Broadcast, then the Community Feed. */
export function FeedScreen({ meId, broadcastForm }: FeedScreenProps) {
  const posts = usePosts();
  useNewestPosts(posts.isSuccess);
  const now = useNow(60_000);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = posts;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // A post that moved to another page while new ones arrived shows once.
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (posts.data?.pages ?? []).flatMap((page) => page.items).filter((post) => !seen.has(post.id) && Boolean(seen.add(post.id)));
  }, [posts.data]);

  let list: ReactNode;
  if (posts.isPending) list = <SkeletonList count={3} label="Loading posts" itemClassName="h-24 w-full" />;
  else if (posts.isError)
    list = (
      <div className="grid justify-items-center gap-3 py-10 text-center text-slate-700">
        <p>The feed could not be loaded.</p>
        <Button variant="outline" onClick={() => void posts.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (items.length === 0) list = <p className="py-10 text-center text-slate-700">No posts yet. Be the first to share something!</p>;
  else
    list = (
      <>
        <ul className="grid gap-3" aria-label="Posts">
          {items.map((post) => (
            <PostItem key={post.id} post={post} now={now} onDelete={post.userId === meId ? setDeleting : undefined} />
          ))}
        </ul>
        <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={loadMore} label="Load more posts" />
      </>
    );

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-4">
      <h1 className="sr-only">Feed</h1>
      <section aria-label="Share" className="rounded-lg border border-slate-200 bg-white p-4">
        <Tabs defaultValue="post">
          <TabsList label="Share with" className="w-full">
            <TabsTrigger value="post" className="flex-1">
              Public Post
            </TabsTrigger>
            <TabsTrigger value="broadcast" className="flex-1">
              Network Broadcast
            </TabsTrigger>
          </TabsList>
          <TabsContent value="post" className="mt-4">
            <PostComposer />
          </TabsContent>
          <TabsContent value="broadcast" className="mt-4">
            {broadcastForm}
          </TabsContent>
        </Tabs>
      </section>
      <section aria-labelledby="community-feed" className="grid gap-3">
        <h2 id="community-feed" className="text-xl font-bold text-slate-900">
          Community Feed
        </h2>
        {list}
      </section>
      <DeletePostDialog post={deleting} onClose={closeDelete} />
    </div>
  );
}
