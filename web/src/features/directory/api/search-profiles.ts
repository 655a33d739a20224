import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { searchProfilesKeyRoot } from './profile-list-keys';
import type { OpenTo, ProfileKind, ProfileSearchPage } from './types';

export const PROFILE_PAGE_SIZE = 20;

/** The contract's `openTo` values with their labels; `satisfies` keeps them in step with it. */
export const OPEN_TO_FLAGS = [
  ['employment', 'Employment'],
  ['apprenticeship', 'Apprenticeship'],
  ['mentoring', 'Mentoring'],
  ['volunteering', 'Volunteering'],
  ['collaborating', 'Collaborating'],
  ['teachingTutoring', 'Teaching / tutoring'],
  ['rideshare', 'Rideshare'],
  ['babysitting', 'Babysitting'],
  ['runningForOffice', 'Running for office'],
] as const satisfies ReadonlyArray<readonly [OpenTo, string]>;
export type OpenToFlag = OpenTo;

export interface ProfileFilters {
  openTo: OpenToFlag[];
  kind: ProfileKind | 'all';
  /** 0 means any rating. */
  minRating: number;
  /** Kilometres around the map position; null means no limit. */
  radiusKm: number | null;
}

export const DEFAULT_FILTERS: ProfileFilters = { openTo: [], kind: 'all', minRating: 0, radiusKm: null };

export interface ProfileSearch {
  q: string;
  /** The 'Search By' tab (spec 01 §2). */
  scope: string;
  category: string | null;
  filters: ProfileFilters;
  sort: 'name' | 'rating' | 'distance';
  position: { lat: number; lng: number };
}

/** `GET /api/profiles/search`: one page of profiles matching the sidebar's text, scope, category and filters. */
export function searchProfiles(search: ProfileSearch, cursor: string | undefined): Promise<ProfileSearchPage> {
  const { filters } = search;
  return apiGet<ProfileSearchPage>('/api/profiles/search', {
    q: search.q.trim(),
    type: search.scope,
    category: search.category,
    kind: filters.kind === 'all' ? undefined : filters.kind,
    openTo: filters.openTo.length > 0 ? filters.openTo.join(',') : undefined,
    minRating: filters.minRating > 0 ? filters.minRating : undefined,
    radius: filters.radiusKm ?? undefined,
    lat: search.position.lat,
    lng: search.position.lng,
    sort: search.sort,
    limit: PROFILE_PAGE_SIZE,
    cursor,
  });
}

export const searchProfilesQueryOptions = (search: ProfileSearch) =>
  infiniteQueryOptions({
    queryKey: [...searchProfilesKeyRoot, search],
    queryFn: ({ pageParam }) => searchProfiles(search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSearchProfiles(search: ProfileSearch | null) {
  return useInfiniteQuery({
    ...searchProfilesQueryOptions(search ?? EMPTY_SEARCH),
    // Spec 01 §4: search runs only once a position is known.
    enabled: search !== null,
    // While the next search runs, the last results stay on screen instead of flashing placeholders.
    placeholderData: keepPreviousData,
  });
}

const EMPTY_SEARCH: ProfileSearch = { q: '', scope: 'all', category: null, filters: DEFAULT_FILTERS, sort: 'name', position: { lat: 0, lng: 0 } };
