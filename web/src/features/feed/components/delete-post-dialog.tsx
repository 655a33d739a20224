import type { Post } from '@freemarket/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDeletePost } from '../api/delete-post';

/** Asks before deleting one of the member's posts; `post` null keeps it closed. */
export function DeletePostDialog({ post, onClose }: { post: Post | null; onClose: () => void }) {
  const remove = useDeletePost(onClose);
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete this post?"
      description="It disappears from the Community Feed. This cannot be undone."
    >
      {post ? <p className="line-clamp-4 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">{post.content}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={remove.isPending} onClick={() => post && remove.mutate(post.id)}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
