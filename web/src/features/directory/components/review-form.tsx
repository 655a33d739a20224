import { Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/field';
import { DEFAULT_RATING } from '../../../config/constants';
import { cn } from '../../../lib/cn';
import { useCreateReview } from '../api/create-review';

/** Spec 01 §2/§5: five stars (default 5), a comment, and Post Review, disabled while blank or posting. */
export function ReviewForm({ revieweeId, onCancel, onPosted }: { revieweeId: string; onCancel: () => void; onPosted?: () => void }) {
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [comment, setComment] = useState('');
  const mutation = useCreateReview(() => {
    setRating(DEFAULT_RATING);
    setComment('');
    onPosted?.();
  });
  const blank = comment.trim() === '';
  return (
    <form
      className="grid gap-3 rounded-md border border-slate-200 p-3"
      aria-label="Write a review"
      onSubmit={(e) => {
        e.preventDefault();
        if (blank || mutation.isPending) return;
        mutation.mutate({ revieweeId, rating, comment: comment.trim() });
      }}
    >
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
          {mutation.isPending ? 'Posting...' : 'Post Review'}
        </Button>
      </div>
    </form>
  );
}
