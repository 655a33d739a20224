import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionStatusResponse } from '@freemarket/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/connections/status/{userId}`. */
export function getConnectionStatus(userId: string): Promise<ConnectionStatusResponse> {
  return apiGet<ConnectionStatusResponse>(`/api/connections/status/${encodeURIComponent(userId)}`);
}

export const connectionStatusQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['/api/connections/status', userId], queryFn: () => getConnectionStatus(userId) });

/** Spec 01 §7: enabled only for a signed-in viewer looking at another member. */
export function useConnectionStatus(userId: string, enabled: boolean) {
  return useQuery({ ...connectionStatusQueryOptions(userId), enabled });
}

export const connectionStatusKeyRoot = ['/api/connections/status'] as const;
