import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@freemarket/contracts';
import { ApiError, apiRequest } from './api-client';

/** The signed-in member, or null when signed out (a 401 is an answer here, not an error). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('GET', '/api/auth/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** Spec 01 §4: the current-user request is never retried. */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/user'], queryFn: getCurrentUser, retry: false, meta: { silentUnauthorized: true } });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

export type AuthState = { status: 'loading' } | { status: 'authenticated'; user: CurrentUser } | { status: 'unauthenticated' };

/** Spec 01 §4: loading, authenticated or not, derived from whether the current-user request returned data. */
export function useAuth(): AuthState {
  const query = useCurrentUser();
  if (query.isPending) return { status: 'loading' };
  if (query.data) return { status: 'authenticated', user: query.data };
  return { status: 'unauthenticated' };
}
