import type { Post } from '@freemarket/contracts';
import { Trash2 } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { Avatar, initialOf } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { memberName } from '../../../lib/member-name';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';

export interface PostItemProps {
  post: Post;
  now: number;
  /** Present on the member's own posts. */
  onDelete?: (post: Post) => void;
}

/** One post: the author's initial and name (to their profile), when, and the text with its line breaks. */
export const PostItem = memo(function PostItem({ post, now, onDelete }: PostItemProps) {
  const name = memberName(post.user);
  return (
    <li>
      <article className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={`Post by ${name}`} data-testid="post">
        <Avatar fallback={initialOf(post.user.firstName)} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <Link to={paths.userProfile.getHref(post.userId)} className="font-semibold text-slate-900 hover:underline">
              {name}
            </Link>
            <time dateTime={post.createdAt} title={fullDateTime(post.createdAt)} className="text-sm text-slate-600">
              {relativeTime(post.createdAt, now)}
            </time>
          </div>
          <p className="mt-1 wrap-anywhere whitespace-pre-wrap text-slate-800">{post.content}</p>
        </div>
        {onDelete ? (
          <Button variant="ghost" size="icon" aria-label="Delete post" onClick={() => onDelete(post)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : null}
      </article>
    </li>
  );
});
