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
  // The query shares structure: `data` is a new object only when the surveys waiting changed.
  const previous = useRef(data);
  useEffect(() => {
    if (previous.current && data !== previous.current) void queryClient.invalidateQueries({ queryKey: receivedSurveysListKey });
    previous.current = data;
  }, [data, queryClient]);
  return data?.items.length ?? 0;
}
