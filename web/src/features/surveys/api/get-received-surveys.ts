import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReceivedSurveyPage, SURVEYS_LIMIT, SurveyRecipientStatus } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';
import { receivedSurveysListKey } from './received-surveys-key';

/** The inbox's page size; the same as My Surveys'. */
export const SURVEYS_PAGE_SIZE: (typeof SURVEYS_LIMIT)['default'] = 20;

/** `GET /api/surveys/received/me`: the member's inbox, newest first; `status` keeps one kind. */
export function getReceivedSurveys(query: { cursor?: string; status?: SurveyRecipientStatus; limit?: number }): Promise<ReceivedSurveyPage> {
  return apiGet<ReceivedSurveyPage>('/api/surveys/received/me', { limit: query.limit ?? SURVEYS_PAGE_SIZE, cursor: query.cursor, status: query.status });
}


export const receivedSurveysQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: receivedSurveysListKey,
    queryFn: ({ pageParam }) => getReceivedSurveys({ cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useReceivedSurveys() {
  return useInfiniteQuery(receivedSurveysQueryOptions());
}
