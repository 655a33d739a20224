import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CreatedSurveyPage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { SURVEYS_PAGE_SIZE } from './get-received-surveys';

/** `GET /api/surveys/created/me`: the member's surveys, newest first, each with its counts. */
export function getCreatedSurveys(cursor?: string): Promise<CreatedSurveyPage> {
  return apiGet<CreatedSurveyPage>('/api/surveys/created/me', { limit: SURVEYS_PAGE_SIZE, cursor });
}

export const createdSurveysQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['/api/surveys/created/me'],
    queryFn: ({ pageParam }) => getCreatedSurveys(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useCreatedSurveys() {
  return useInfiniteQuery(createdSurveysQueryOptions());
}
