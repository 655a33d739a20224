import { useCallback, useMemo, useState } from 'react';
import { MAP_DEFAULT_CENTER, SEARCH_DEBOUNCE_MS, type SearchScope, type SearchSort } from '../../../config/constants';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProfilesByLocation } from '../api/get-profiles-by-location';
import { DEFAULT_FILTERS, useSearchProfiles, type ProfileFilters, type ProfileSearch } from '../api/search-profiles';
import { nextSortMode, sortProfiles } from '../utils/sort-profiles';

function isDefaultFilters(f: ProfileFilters): boolean {
  return f.openTo.length === 0 && f.kind === DEFAULT_FILTERS.kind && f.minRating === 0 && f.radiusKm === null;
}

/**
 * The sidebar's state and the profile list it yields: debounced text, scope, category (on the
 * skills tab), filters and sort. Search waits for a position (spec 01 §4); with nothing to search
 * for, the nearby profiles stand in when the search finds none (spec 01 §7).
 */
export function useExploreSearch(position: [number, number] | null) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [scope, setScope] = useState<SearchScope>('all');
  const [category, setCategory] = useState<string | null>(null);
  const [filters, setFilters] = useState<ProfileFilters>(DEFAULT_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sort, setSort] = useState<SearchSort>('name');
  const effectiveCategory = scope === 'skills' ? category : null;

  const search: ProfileSearch | null = useMemo(
    () => (position ? { q: q.trim(), scope, category: effectiveCategory, filters, sort, position: { lat: position[0], lng: position[1] } } : null),
    [position, q, scope, effectiveCategory, filters, sort],
  );
  const results = useSearchProfiles(search);
  const noActiveSearch = q.trim() === '' && effectiveCategory === null && scope === 'all' && isDefaultFilters(filters);
  const searchItems = useMemo(() => results.data?.pages.flatMap((p) => p.items) ?? [], [results.data]);
  // @NOTE Asked for only once the search comes back empty, the one case its answer is used: read
  // on every visit, its few hundred profiles would be parsed on a phone's busiest moment for nothing.
  const wantNearby = noActiveSearch && results.isSuccess && searchItems.length === 0;
  const nearby = useProfilesByLocation(position ? { lat: position[0], lng: position[1] } : null, wantNearby);

  const usingNearby = wantNearby && (nearby.data?.items.length ?? 0) > 0;
  const profiles = useMemo(
    () => sortProfiles(usingNearby ? (nearby.data?.items ?? []) : searchItems, sort, position ?? MAP_DEFAULT_CENTER),
    [usingNearby, nearby.data, searchItems, sort, position],
  );

  const cycleSort = useCallback(() => setSort(nextSortMode), []);
  const { fetchNextPage } = results;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return {
    noActiveSearch,
    text,
    setText,
    scope,
    setScope,
    category,
    setCategory,
    filters,
    setFilters,
    filtersOpen,
    setFiltersOpen,
    sort,
    cycleSort,
    profiles,
    loading: position === null || results.isPending || (wantNearby && nearby.isLoading),
    canLoadMore: !usingNearby && results.hasNextPage,
    loadingMore: results.isFetchingNextPage,
    loadMore,
  };
}
