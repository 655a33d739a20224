import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReceivedSurveyPage, SURVEYS_LIMIT, SurveyRecipientStatus } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** The inbox's page size; the same as My Surveys'. */
export const SURVEYS_PAGE_SIZE: (typeof SURVEYS_LIMIT)['default'] = 20;

/** The most pending surveys the notifications bell counts. */
export const PENDING_COUNT_LIMIT: (typeof SURVEYS_LIMIT)['max'] = 50;

/** `GET /api/surveys/received/me`: the member's inbox, newest first; `status` keeps one kind. */
export function getReceivedSurveys(query: { cursor?: string; status?: SurveyRecipientStatus; limit?: number }): Promise<ReceivedSurveyPage> {
  return apiGet<ReceivedSurveyPage>('/api/surveys/received/me', { limit: query.limit ?? SURVEYS_PAGE_SIZE, cursor: query.cursor, status: query.status });
}

/** Every read of the inbox (the list and the bell's count) is under this key. */
export const receivedSurveysKeyRoot = ['/api/surveys/received/me'] as const;

export const receivedSurveysQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...receivedSurveysKeyRoot, 'all'],
    queryFn: ({ pageParam }) => getReceivedSurveys({ cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useReceivedSurveys() {
  return useInfiniteQuery(receivedSurveysQueryOptions());
}

export const pendingSurveysQueryOptions = () =>
  queryOptions({ queryKey: [...receivedSurveysKeyRoot, 'pending'], queryFn: () => getReceivedSurveys({ status: 'pending', limit: PENDING_COUNT_LIMIT }) });

export function usePendingSurveys(enabled: boolean) {
  return useQuery({ ...pendingSurveysQueryOptions(), enabled });
}
