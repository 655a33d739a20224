import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionPage } from '@freemarket/contracts';
import { CONNECTIONS_PAGE_SIZE } from '../../../config/constants';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/connections`: the member's connections, newest first, one page of the largest size. */
export function getConnections(): Promise<ConnectionPage> {
  return apiGet<ConnectionPage>('/api/connections', { limit: CONNECTIONS_PAGE_SIZE });
}

export const connectionsQueryOptions = () => queryOptions({ queryKey: ['/api/connections'], queryFn: getConnections });

export function useConnections(enabled = true) {
  return useQuery({ ...connectionsQueryOptions(), enabled });
}
