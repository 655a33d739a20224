import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/field';
import { DEFAULT_RATING } from '../../../config/constants';
import { cn } from '../../../lib/cn';
import { useCreateReview } from '../api/create-review';
import { useMyReview } from '../api/get-my-review';
import type { Review } from '../api/types';

interface ReviewFormProps {
  revieweeId: string;
  onCancel: () => void;
  onPosted?: () => void;
}

/**
 * Spec 01 §2/§5: five stars (default 5), a comment, and Post Review, disabled while blank or posting.
 * A member has one review of each member, and posting again replaces it: when they already wrote
 * one, the form opens on it as 'Edit your review', so nothing is replaced unseen.
 */
export function ReviewForm({ revieweeId, onCancel, onPosted }: ReviewFormProps) {
  const mine = useMyReview(revieweeId);
  if (mine.isPending) return <p className="rounded-md border border-slate-200 p-3 text-sm text-slate-700">Loading your review...</p>;
  if (mine.isError)
    return (
      <div className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3 text-sm text-slate-700">
        <p>Your review could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void mine.refetch()}>
          Try again
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    );
  const review = mine.data.review;
  // A newer copy of the review (read again elsewhere) starts the form afresh.
  return <ReviewFields key={review ? review.updatedAt : 'new'} revieweeId={revieweeId} review={review} onCancel={onCancel} onPosted={onPosted} />;
}

function ReviewFields({ revieweeId, review, onCancel, onPosted }: ReviewFormProps & { review: Review | null }) {
  const editing = review !== null;
  const [rating, setRating] = useState(review?.rating ?? DEFAULT_RATING);
  const [comment, setComment] = useState(review?.comment ?? '');
  const headingId = useId();
  const mutation = useCreateReview({ updating: editing, onPosted });
  const blank = comment.trim() === '';
  let submitText = editing ? 'Update Review' : 'Post Review';
  if (mutation.isPending) submitText = editing ? 'Updating...' : 'Posting...';
  return (
    <form
      className="grid gap-3 rounded-md border border-slate-200 p-3"
      aria-labelledby={headingId}
      onSubmit={(e) => {
        e.preventDefault();
        if (blank || mutation.isPending) return;
        // The form has no service date: an edit keeps the one the review has.
        mutation.mutate({ revieweeId, rating, comment: comment.trim(), ...(review ? { serviceDate: review.serviceDate } : {}) });
      }}
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {editing ? 'Edit your review' : 'Write a review'}
      </h3>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Rating</legend>
        <div className="flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button key={n} type="button" aria-label={`${n} star${n === 1 ? '' : 's'}`} aria-pressed={rating === n} onClick={() => setRating(n)} className="rounded p-0.5">
              <Star className={cn('h-6 w-6', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-400')} aria-hidden="true" />
            </button>
          ))}
          <span className="ml-2 text-sm text-slate-700" data-testid="rating-label">
            {rating} star{rating === 1 ? '' : 's'}
          </span>
        </div>
      </fieldset>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Comment
        <Textarea value={comment} onChange={(e) => setComment(e.target.value)} placeholder="Share your experience..." maxLength={2000} />
      </label>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank || mutation.isPending}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
