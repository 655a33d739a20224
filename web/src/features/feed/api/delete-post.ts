import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { withoutPost } from '../utils/feed-pages';
import { postsQueryOptions } from './get-posts';

/** `DELETE /api/posts/{id}`: the author only. */
export function deletePost(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/posts/${encodeURIComponent(id)}`);
}

/** Deletes, then takes the post out of the loaded feed. */
export function useDeletePost(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    meta: { errorText: 'Failed to delete post. Please try again.' },
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(postsQueryOptions().queryKey, (data) => withoutPost(data, id));
      toast({ title: 'Post deleted', description: 'Your post has been removed from the feed.' });
      onDeleted();
    },
  });
}
