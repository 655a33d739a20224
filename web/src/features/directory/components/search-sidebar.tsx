import { ArrowUpDown, Search, SlidersHorizontal } from 'lucide-react';
import { DIRECTORY_LIMITS } from '@freemarket/contracts/constants';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { LOAD_MORE_THRESHOLD, PLACEHOLDERS, SEARCH_SCOPES, type SearchScope, type SearchSort } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { plural } from '../../../lib/plural';
import type { ProfileFilters } from '../api/search-profiles';
import type { Profile, SkillCategory } from '../api/types';
import { CategoryFilter } from './category-filter';
import { FiltersPanel } from './filters-panel';
import { ProfileCard } from './profile-card';

export interface SearchSidebarProps {
  text: string;
  onTextChange: (text: string) => void;
  scope: SearchScope;
  onScopeChange: (scope: SearchScope) => void;
  categories: SkillCategory[];
  category: string | null;
  onCategoryChange: (id: string | null) => void;
  filtersOpen: boolean;
  onFiltersOpenChange: (open: boolean) => void;
  filters: ProfileFilters;
  onFiltersChange: (filters: ProfileFilters) => void;
  sort: SearchSort;
  onCycleSort: () => void;
  profiles: Profile[];
  loading: boolean;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  hasProfile: boolean;
  selectedId: string | null;
  onSelect: (profile: Profile) => void;
  connectSlot: (profile: Profile) => ReactNode;
}

function Results(props: SearchSidebarProps) {
  if (props.loading) return <SkeletonList count={PLACEHOLDERS.profiles} label="Loading profiles" itemClassName="h-24 w-full" />;
  if (props.profiles.length === 0) {
    return (
      <div className="py-10 text-center">
        <p className="font-medium text-slate-900">No profiles found</p>
        <p className="text-sm text-slate-600">Try adjusting your search terms or filters</p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-2">
      <ul className="grid grid-cols-1 gap-2" aria-label="Profiles">
        {props.profiles.map((p) => (
          <li key={p.id}>
            <ProfileCard profile={p} selected={p.id === props.selectedId} onSelect={props.onSelect} connectSlot={props.connectSlot(p)} />
          </li>
        ))}
      </ul>
      {props.profiles.length >= LOAD_MORE_THRESHOLD && props.canLoadMore ? (
        <Button variant="outline" onClick={props.onLoadMore} disabled={props.loadingMore}>
          {props.loadingMore ? 'Loading...' : 'Load More Results'}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Spec 01 §2, search sidebar: text, 'Search By' scopes, categories, filters, sort, results.
 * Memoised: the map screen re-renders on every answer that arrives, and the sidebar rarely changes with them.
 */
export const SearchSidebar = memo(function SearchSidebar(props: SearchSidebarProps) {
  return (
    <div className="flex h-full flex-col gap-3 overflow-y-auto p-4">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input type="search" aria-label="Search" placeholder="Search for..." maxLength={DIRECTORY_LIMITS.queryMaxChars} value={props.text} onChange={(e) => props.onTextChange(e.target.value)} className="pl-9" />
      </div>
      <Tabs value={props.scope} onValueChange={(v) => props.onScopeChange(v as SearchScope)}>
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase" id="search-by-label">
          Search By
        </p>
        <TabsList label="Search By" className="grid grid-cols-3 sm:grid-cols-4">
          {SEARCH_SCOPES.map((s) => (
            <TabsTrigger key={s} value={s} className="px-1.5 text-xs">
              {s}
            </TabsTrigger>
          ))}
        </TabsList>
        {SEARCH_SCOPES.map((s) => (
          <TabsContent key={s} value={s} forceMount className="mt-3 grid grid-cols-1 gap-3 data-[state=inactive]:hidden">
            {s === props.scope ? (
              <>
                {s === 'skills' ? <CategoryFilter categories={props.categories} value={props.category} onChange={props.onCategoryChange} /> : null}
                <div className="flex flex-wrap items-center gap-2">
                  <Button variant="outline" size="sm" aria-expanded={props.filtersOpen} aria-controls="filters-panel" onClick={() => props.onFiltersOpenChange(!props.filtersOpen)}>
                    <SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Filters
                  </Button>
                  <Button variant="outline" size="sm" onClick={props.onCycleSort} data-sort={props.sort}>
                    <ArrowUpDown className="h-4 w-4" aria-hidden="true" /> Sort: <span className="capitalize">{props.sort}</span>
                  </Button>
                  <span className="ml-auto text-sm text-slate-700" aria-live="polite" data-testid="results-count">
                    {plural(props.profiles.length, 'result')}
                  </span>
                </div>
                {props.filtersOpen ? <FiltersPanel value={props.filters} onChange={props.onFiltersChange} /> : null}
                <Link to={paths.profile.getHref()} className={buttonClass('primary', 'sm', 'w-full')}>
                  {props.hasProfile ? 'Edit Profile' : 'Create Profile'}
                </Link>
                <Results {...props} />
              </>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
});
