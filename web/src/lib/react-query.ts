import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleUnauthorized, readableRefusalOf, reportActionError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `errorText` is the destructive toast's text when the mutation fails (spec 01 §8), the server's
     * reason for a refusal shown under it; or a function of the error where the screen words the
     * whole failure itself, returning null where it shows that error beside the field it concerns;
     * `errorTitle` replaces the toast's 'Error' title.
     */
    mutationMeta: { errorText?: string | ((error: Error) => string | null); errorTitle?: string };
    /** `silentUnauthorized` marks a read whose 401 is an answer (the current user), not an error. */
    queryMeta: { silentUnauthorized?: boolean };
  }
}

/**
 * The spec's cache defaults (spec 01 §9): never stale by itself, no refetch on focus or interval,
 * no retries. Failures are reported in one place: a mutation's `meta.errorText` becomes its toast,
 * under it the server's reason when the server refused the action (a 4xx: the member can put it
 * right), and an Unauthorized answer anywhere starts the sign-in-again flow.
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
        const title = mutation.meta?.errorTitle;
        if (typeof meta === 'function') {
          // The screen words this failure itself, the server's reason included where it wants it.
          const text = meta(error);
          if (text === null) handleUnauthorized(error);
          else reportActionError(error, text, { title });
        } else if (meta) reportActionError(error, meta, { title, reason: readableRefusalOf(error) });
        else handleUnauthorized(error);
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
