import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { TutorialPage } from './types';

/** `GET /api/diy-content/creator/{userId}`: the tutorials a member made (newest first), for the dialog's DIY section. */
export function getCreatorContent(userId: string): Promise<TutorialPage> {
  return apiGet<TutorialPage>(`/api/diy-content/creator/${encodeURIComponent(userId)}`);
}

/** Under the learning hub's key root (`/api/diy-content`), so a tutorial created there refreshes this list too. */
export const creatorContentQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['/api/diy-content', 'creator', userId], queryFn: () => getCreatorContent(userId) });

export function useCreatorContent(userId: string) {
  return useQuery(creatorContentQueryOptions(userId));
}
