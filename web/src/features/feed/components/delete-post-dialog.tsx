import type { Post } from '@freemarket/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeletePost } from '../api/delete-post';

/** Asks before deleting one of the member's posts; `post` null keeps it closed. */
export function DeletePostDialog({ post, onClose }: { post: Post | null; onClose: () => void }) {
  const remove = useDeletePost(onClose);
  return (
    <ConfirmDialog
      open={post !== null}
      title="Delete this post?"
      description="It disappears from the Community Feed. This cannot be undone."
      pending={remove.isPending}
      onConfirm={() => post && remove.mutate(post.id)}
      onCancel={onClose}
    >
      {post ? <p className="line-clamp-4 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">{post.content}</p> : null}
    </ConfirmDialog>
  );
}
