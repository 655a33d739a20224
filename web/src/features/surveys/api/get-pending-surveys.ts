import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceivedSurveyPage, SURVEYS_LIMIT } from '@freemarket/contracts';
import { LIVE_REFRESH_MS } from '../../../config/constants';
import { apiGet } from '../../../lib/api-client';
import { receivedSurveysKeyRoot } from './received-surveys-key';

/** The most pending surveys the notifications bell counts. */
export const PENDING_COUNT_LIMIT: (typeof SURVEYS_LIMIT)['max'] = 50;

/**
 * `GET /api/surveys/received/me?status=pending`: the bell's count. A module of its own, so the
 * header every screen loads does not carry the inbox's infinite-list code. Read again every
 * LIVE_REFRESH_MS while the tab is in view and whenever it comes back, as the feed is: a survey
 * sent to a member already on the site must reach the bell.
 */
export const pendingSurveysQueryOptions = () =>
  queryOptions({
    queryKey: [...receivedSurveysKeyRoot, 'pending'],
    queryFn: () => apiGet<ReceivedSurveyPage>('/api/surveys/received/me', { status: 'pending', limit: PENDING_COUNT_LIMIT }),
    refetchInterval: LIVE_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export function usePendingSurveys(enabled: boolean) {
  return useQuery({ ...pendingSurveysQueryOptions(), enabled });
}
