import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast-store';
import { profileOfUserKeyRoot } from './get-profile';
import { profileMapKeyRoot } from './get-profile-map';
import { profilesByLocationKeyRoot } from './get-profiles-by-location';
import { reviewsKeyRoot } from './get-reviews';
import { searchProfilesKeyRoot } from './search-profiles';
import type { CreateReview } from '@freemarket/contracts';
import type { Review } from './types';

export type { CreateReview as CreateReviewInput } from '@freemarket/contracts';

/** `POST /api/reviews`. */
export function createReview(input: CreateReview): Promise<Review> {
  return apiRequest<Review>('POST', '/api/reviews', input);
}

/** Posts a review, then refreshes the reviews and the profile lists (spec 01 §7) and calls `onPosted`. */
export function useCreateReview(onPosted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    meta: { errorText: 'Failed to post review' },
    onSuccess: async () => {
      toast({ title: 'Review posted', description: 'Your review has been posted successfully!' });
      onPosted?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKeyRoot }),
        queryClient.invalidateQueries({ queryKey: searchProfilesKeyRoot }),
        queryClient.invalidateQueries({ queryKey: profilesByLocationKeyRoot }),
        queryClient.invalidateQueries({ queryKey: profileMapKeyRoot }),
        queryClient.invalidateQueries({ queryKey: profileOfUserKeyRoot }),
      ]);
    },
  });
}
