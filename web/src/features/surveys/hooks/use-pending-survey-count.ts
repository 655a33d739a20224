import { usePendingSurveys } from '../api/get-pending-surveys';

/** Surveys in the member's inbox still to answer, counted from one page of up to PENDING_COUNT_LIMIT. */
export function usePendingSurveyCount(enabled: boolean): number {
  return usePendingSurveys(enabled).data?.items.length ?? 0;
}
