import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePendingSurveys } from '../api/get-pending-surveys';
import { receivedSurveysListKey } from '../api/received-surveys-key';

/**
 * Surveys in the member's inbox still to answer, counted from one page of up to PENDING_COUNT_LIMIT.
 * When the surveys waiting change (one arrives, or is answered in another tab) the Inbox list is
 * refreshed too: the count is read on an interval, so the list, with every page scrolled, need not be.
 */
export function usePendingSurveyCount(enabled: boolean): number {
  const queryClient = useQueryClient();
  const { data } = usePendingSurveys(enabled);
  const seen = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = new Set(data.items.map((received) => received.id));
    const before = seen.current;
    seen.current = ids;
    if (before && (before.size !== ids.size || [...ids].some((id) => !before.has(id)))) void queryClient.invalidateQueries({ queryKey: receivedSurveysListKey });
  }, [data, queryClient]);
  return data?.items.length ?? 0;
}
