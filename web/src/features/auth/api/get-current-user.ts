import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@freemarket/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The signed-in member, or null when signed out (a 401 is an answer here, not an error). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('GET', '/api/auth/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const currentUserQueryOptions = () => queryOptions({ queryKey: ['/api/auth/user'], queryFn: getCurrentUser, retry: false });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
