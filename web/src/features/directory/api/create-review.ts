import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast-store';
import { reviewsKeyRoot } from './get-reviews';
import { myReviewQueryOptions } from './get-my-review';
import { invalidateProfileLists } from './profile-list-keys';
import type { CreateReview } from '@freemarket/contracts';
import type { Review } from './types';

export type { CreateReview as CreateReviewInput } from '@freemarket/contracts';

/** `POST /api/reviews`: a first review, or the member's earlier review of the same member replaced. */
export function createReview(input: CreateReview): Promise<Review> {
  return apiRequest<Review>('POST', '/api/reviews', input);
}

/**
 * Posts a review (`updating` when the member is changing the one they wrote), then refreshes the
 * reviews and the profile lists (spec 01 §7) and calls `onPosted`, where the caller refreshes what
 * else shows the reviewee's rating.
 */
export function useCreateReview({ updating, onPosted }: { updating: boolean; onPosted?: () => void }) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createReview,
    meta: { errorText: updating ? 'Failed to update review' : 'Failed to post review' },
    onSuccess: async (review) => {
      if (updating) toast({ title: 'Review updated', description: 'Your review has been updated successfully!' });
      else toast({ title: 'Review posted', description: 'Your review has been posted successfully!' });
      // The form opens on this the next time, before any read again.
      queryClient.setQueryData(myReviewQueryOptions(review.revieweeId).queryKey, { review });
      onPosted?.();
      await Promise.all([queryClient.invalidateQueries({ queryKey: reviewsKeyRoot }), invalidateProfileLists(queryClient)]);
    },
  });
}
