import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Testimonial } from '@freemarket/contracts';
import { DIRECTORY_LIMITS } from '@freemarket/contracts/constants';
import { apiGet } from '../../../lib/api-client';

export interface TestimonialPage {
  items: Testimonial[];
  nextCursor: string | null;
}

/** `GET /api/testimonials/{userId}`: newest first; 404 without a profile, 403 for others when the section is private. */
export function getTestimonials(userId: string, cursor?: string): Promise<TestimonialPage> {
  return apiGet<TestimonialPage>(`/api/testimonials/${encodeURIComponent(userId)}`, { limit: DIRECTORY_LIMITS.listDefault, cursor });
}

/** Every read of testimonials is under this key: writing or deleting one refreshes the list. */
export const testimonialsKeyRoot = ['/api/testimonials'] as const;

export const testimonialsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: [...testimonialsKeyRoot, userId],
    queryFn: ({ pageParam }) => getTestimonials(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useTestimonials(userId: string, enabled: boolean) {
  return useInfiniteQuery({ ...testimonialsQueryOptions(userId), enabled });
}
