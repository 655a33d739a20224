import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReview } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/reviews/{userId}/mine`: the signed-in member's review of this member, or null. */
export function getMyReview(userId: string): Promise<MyReview> {
  return apiGet<MyReview>(`/api/reviews/${encodeURIComponent(userId)}/mine`);
}

// Under the reviews' key, so what refreshes the reviews refreshes it too.
export const myReviewQueryOptions = (userId: string) => queryOptions({ queryKey: ['/api/reviews', userId, 'mine'], queryFn: () => getMyReview(userId) });

export function useMyReview(userId: string) {
  return useQuery(myReviewQueryOptions(userId));
}
