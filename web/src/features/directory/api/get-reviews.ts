import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_REVIEWS_SHOWN } from '../../../config/constants';
import { apiGet } from '../../../lib/api-client';
import type { Page, Review } from './types';

/** `GET /api/reviews/{userId}`: the newest reviews of a member; the dialog shows the first 5. */
export function getReviews(userId: string): Promise<Page<Review>> {
  return apiGet<Page<Review>>(`/api/reviews/${encodeURIComponent(userId)}`, { limit: MAX_REVIEWS_SHOWN });
}

export const reviewsQueryOptions = (userId: string) => queryOptions({ queryKey: ['/api/reviews', userId], queryFn: () => getReviews(userId) });

export function useReviews(userId: string) {
  return useQuery(reviewsQueryOptions(userId));
}

export const reviewsKeyRoot = ['/api/reviews'] as const;
