import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurveyResults } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/surveys/{id}/results`: the creator's totals per question. */
export function getSurveyResults(surveyId: string): Promise<SurveyResults> {
  return apiGet<SurveyResults>(`/api/surveys/${encodeURIComponent(surveyId)}/results`);
}

export const surveyResultsKeyRoot = ['/api/surveys/results'] as const;

/** Answers keep arriving after the dialog was first opened, so each opening reads the totals again. */
export const surveyResultsQueryOptions = (surveyId: string) =>
  queryOptions({ queryKey: [...surveyResultsKeyRoot, surveyId], queryFn: () => getSurveyResults(surveyId), staleTime: 0 });

export function useSurveyResults(surveyId: string, enabled: boolean) {
  return useQuery({ ...surveyResultsQueryOptions(surveyId), enabled });
}
