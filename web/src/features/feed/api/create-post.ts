import { useQueryClient } from '@tanstack/react-query';
import type { CreatePostBody, Post } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { withPost } from '../utils/feed-pages';
import { postsQueryOptions } from './get-posts';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';

/** `POST /api/posts`. */
export function createPost(body: CreatePostBody): Promise<Post> {
  return apiRequest<Post>('POST', '/api/posts', body);
}

/**
 * Posts, then puts the answer on top of the loaded feed: reading every loaded page again would
 * cost a request per page for one new post.
 */
export function useCreatePost(onPosted: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createPost,
    meta: { errorText: 'Failed to create post. Please try again.' },
    onSuccess: (post) => {
      queryClient.setQueryData(postsQueryOptions().queryKey, (data) => withPost(data, post));
      toast({ title: 'Posted!', description: 'Your post is now live in the feed.' });
      onPosted();
    },
  });
}
