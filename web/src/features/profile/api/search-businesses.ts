import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessSearchResult } from '@freemarket/contracts';
import { DIRECTORY_LIMITS } from '@freemarket/contracts/constants';
import { apiGet } from '../../../lib/api-client';

export interface BusinessSearchPage {
  items: BusinessSearchResult[];
  nextCursor: string | null;
}

/**
 * `GET /api/profiles/search/{text}`: service providers matching the text, by name; the caller and
 * the businesses they already favorited are left out by the server.
 */
export function searchBusinesses(text: string): Promise<BusinessSearchPage> {
  return apiGet<BusinessSearchPage>(`/api/profiles/search/${encodeURIComponent(text)}`, { limit: DIRECTORY_LIMITS.listDefault });
}

export const businessSearchKeyRoot = ['/api/profiles/search', 'businesses'] as const;

export const businessSearchQueryOptions = (text: string) => queryOptions({ queryKey: [...businessSearchKeyRoot, text], queryFn: () => searchBusinesses(text) });

/** Spec 02 §5: no request below the minimum length (3 characters, trimmed). */
export function useBusinessSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({ ...businessSearchQueryOptions(trimmed), enabled: trimmed.length >= DIRECTORY_LIMITS.businessSearchMinChars, placeholderData: keepPreviousData });
}
