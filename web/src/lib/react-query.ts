import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleUnauthorized, reportActionError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `errorText` is the destructive toast's text when the mutation fails (spec 01 §8), or a function
     * of the error where the text is the server's, null where the screen shows that error itself
     * (beside the field it concerns); `errorTitle` replaces the toast's 'Error' title.
     */
    mutationMeta: { errorText?: string | ((error: Error) => string | null); errorTitle?: string };
    /** `silentUnauthorized` marks a read whose 401 is an answer (the current user), not an error. */
    queryMeta: { silentUnauthorized?: boolean };
  }
}

/**
 * The spec's cache defaults (spec 01 §9): never stale by itself, no refetch on focus or interval,
 * no retries. Failures are reported in one place: a mutation's `meta.errorText` becomes its toast,
 * and an Unauthorized answer anywhere starts the sign-in-again flow.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentUnauthorized) handleUnauthorized(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        const meta = mutation.meta?.errorText;
        const text = typeof meta === 'function' ? meta(error) : meta || null;
        if (text === null) handleUnauthorized(error);
        else reportActionError(error, text, mutation.meta?.errorTitle);
      },
    }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/** The page's one query client: module-level, so a route can start its reads before its code arrives. */
export const queryClient = createQueryClient();
