import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SURVEY_RESPONSES_LIMIT, SurveyResponsePage } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

export const SURVEY_RESPONSES_PAGE_SIZE: (typeof SURVEY_RESPONSES_LIMIT)['default'] = 50;

/** `GET /api/surveys/{id}/responses`: every responder's name and answers, oldest first. */
export function getSurveyResponses(surveyId: string, cursor?: string): Promise<SurveyResponsePage> {
  return apiGet<SurveyResponsePage>(`/api/surveys/${encodeURIComponent(surveyId)}/responses`, { limit: SURVEY_RESPONSES_PAGE_SIZE, cursor });
}

export const surveyResponsesKeyRoot = ['/api/surveys/responses'] as const;

/** Read again at each opening of the results, like the totals beside them. */
export const surveyResponsesQueryOptions = (surveyId: string) =>
  infiniteQueryOptions({
    queryKey: [...surveyResponsesKeyRoot, surveyId],
    queryFn: ({ pageParam }) => getSurveyResponses(surveyId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useSurveyResponses(surveyId: string, enabled: boolean) {
  return useInfiniteQuery({ ...surveyResponsesQueryOptions(surveyId), enabled });
}
