import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast-store';
import { reviewsKeyRoot } from './get-reviews';
import { invalidateProfileLists } from './profile-list-keys';
import type { CreateReview } from '@freemarket/contracts';
import type { Review } from './types';

export type { CreateReview as CreateReviewInput } from '@freemarket/contracts';

/** `POST /api/reviews`. */
export function createReview(input: CreateReview): Promise<Review> {
  return apiRequest<Review>('POST', '/api/reviews', input);
}

/**
 * Posts a review, then refreshes the reviews and the profile lists (spec 01 §7) and calls `onPosted`,
 * where the caller refreshes what else shows the reviewee's rating.
 */
export function useCreateReview(onPosted?: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createReview,
    meta: { errorText: 'Failed to post review' },
    onSuccess: async () => {
      toast({ title: 'Review posted', description: 'Your review has been posted successfully!' });
      onPosted?.();
      await Promise.all([queryClient.invalidateQueries({ queryKey: reviewsKeyRoot }), invalidateProfileLists(queryClient)]);
    },
  });
}
