import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { DiyContent, Page } from './types';

/** `GET /api/diy-content/creator/{userId}`: the tutorials a member made, for the dialog's DIY section. */
export function getCreatorContent(userId: string): Promise<Page<DiyContent>> {
  return apiGet<Page<DiyContent>>(`/api/diy-content/creator/${encodeURIComponent(userId)}`);
}

export const creatorContentQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['/api/diy-content/creator', userId], queryFn: () => getCreatorContent(userId) });

export function useCreatorContent(userId: string) {
  return useQuery(creatorContentQueryOptions(userId));
}
