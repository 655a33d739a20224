import type { CurrentUser } from '@freemarket/contracts';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { CheckoutLinks } from '../../features/commerce/components/checkout-links';
import { LogTransactionButton } from '../../features/commerce/components/log-transaction-dialog';
import { ConnectButton, ConnectIconButton } from '../../features/connections/components/connect-controls';
import { useProfileMap } from '../../features/directory/api/get-profile-map';
import { useSkillCategories } from '../../features/directory/api/get-skill-categories';
import { MobileSidebar } from '../../features/directory/components/mobile-sidebar';
import { ProfileDialog } from '../../features/directory/components/profile-dialog';
import { SearchSidebar } from '../../features/directory/components/search-sidebar';
import { StatsBar } from '../../features/directory/components/stats-bar';
import { useExploreSearch } from '../../features/directory/hooks/use-explore-search';
import { useGeolocation } from '../../features/directory/hooks/use-geolocation';
import { markerFromMapItem, markerFromProfile, toMarkers } from '../../features/directory/utils/map-marker';
import type { MapViewport } from '../../features/directory/utils/map-viewport';
import { MessagePromptButton } from '../../features/messaging/components/message-prompt-button';
import { useProfileOfUser, useRefreshProfiles } from '../../features/profile/api/get-profile';
import { useRefreshRewardBalanceSoon } from '../../features/rewards/api/get-balance';
import { fullName } from '../../lib/profile-display';
import { importInTurn } from '../../lib/schedule';
import { useAfterPaint } from '../../lib/use-after-paint';
import { useMediaQuery } from '../../lib/use-media-query';
import { AppShell } from '../layout/app-shell';

// @NOTE Leaflet is its own chunk, mounted after the header and sidebar have painted (useAfterPaint):
// in the same commit, creating the map and its layers and laying them out makes one task of 40-50 ms
// on a fast desktop, four to eight times that on a phone (Lighthouse's TBT).
// Leaflet itself evaluates in a task of its own, then the map view (react-leaflet, controls, markers).
const MapView = lazy(() =>
  importInTurn(
    () => import('leaflet'),
    () => import('../../features/directory/components/map-view'),
  ).then((m) => ({ default: m.MapView })),
);

const NO_CLUSTERS: never[] = [];

const MAP_PLACEHOLDER = <div className="h-full w-full bg-slate-100" aria-hidden="true" />;

const MAP_ID = 'explore-map';
// Past the search sidebar and its twenty cards, each a few Tab stops.
const SKIP_TO_MAP = { targetId: MAP_ID, label: 'Skip to the map' };

/** Spec 01 §2, the explore map: the route composes directory with connections, messaging, commerce and rewards. */
export function ExploreRoute({ user }: { user: CurrentUser }) {
  const geo = useGeolocation();
  const explore = useExploreSearch(geo.position);
  const [selectedUserId, setSelectedUserId] = useState<string | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const refreshBalance = useRefreshRewardBalanceSoon();
  const refreshProfiles = useRefreshProfiles();
  // @NOTE Below md the side column is hidden by CSS; rendering its list anyway costs a phone about a
  // third of the screen's first render. Small screens get the list when the search sheet opens.
  const wide = useMediaQuery('(min-width: 48rem)');
  const mapMounted = useAfterPaint();
  const categories = useSkillCategories(explore.scope === 'skills');
  // With nothing searched for, the map shows every profile in view: clusters, or zoomed in, markers.
  const [mapView, setMapView] = useState<MapViewport | null>(null);
  const nearbyMap = useProfileMap(mapView, explore.noActiveSearch);
  // Until the view's first answer arrives the map stays empty: the list's first page drawn as
  // markers would only be replaced by clusters a moment later (a flash, and a render for nothing).
  const markers = useMemo(
    () => (explore.noActiveSearch ? toMarkers(nearbyMap.data?.markers ?? [], markerFromMapItem) : toMarkers(explore.profiles, markerFromProfile)),
    [explore.noActiveSearch, nearbyMap.data, explore.profiles],
  );
  const clusters = explore.noActiveSearch ? (nearbyMap.data?.clusters ?? NO_CLUSTERS) : NO_CLUSTERS;
  // @NOTE Query results arrive as urgent updates, which React renders in one task it cannot
  // interrupt. Deferred copies let the list and the markers render in a background pass that
  // yields to the browser every few milliseconds (the long tasks behind the map page's TBT).
  // The list and its loading flags are deferred together, so the sidebar never shows a finished
  // load with the previous (empty) list: "No profiles found" before the results.
  const listState = useMemo(
    () => ({ profiles: explore.profiles, loading: explore.loading, canLoadMore: explore.canLoadMore, loadingMore: explore.loadingMore }),
    [explore.profiles, explore.loading, explore.canLoadMore, explore.loadingMore],
  );
  const shownList = useDeferredValue(listState);
  const shownProfiles = shownList.profiles;
  const shownMarkers = useDeferredValue(markers);
  const shownClusters = useDeferredValue(clusters);
  const listed = selectedUserId ? (explore.profiles.find((p) => p.userId === selectedUserId) ?? shownProfiles.find((p) => p.userId === selectedUserId)) : undefined;
  // A marker outside the list (the map shows more than the list holds): load its profile.
  const fetched = useProfileOfUser(selectedUserId && !listed ? selectedUserId : null);
  const shown = listed ?? (selectedUserId ? (fetched.data ?? null) : null);
  const selectedProfileId = shown?.id ?? null;
  const select = useCallback((userId: string) => {
    setSelectedUserId(userId);
    setSidebarOpen(false);
  }, []);
  const selectProfile = useCallback((p: { userId: string }) => select(p.userId), [select]);
  const openSearch = useCallback(() => setSidebarOpen(true), []);
  const connectSlot = useCallback(
    (p: { userId: string; user: Parameters<typeof fullName>[0] }) => (p.userId === user.id ? null : <ConnectIconButton userId={p.userId} name={fullName(p.user)} />),
    [user.id],
  );
  const categoryList = useMemo(() => categories.data ?? [], [categories.data]);
  // A review earns points and changes the reviewee's rating, which their profile page shows.
  const afterReview = useCallback(() => {
    refreshBalance();
    void refreshProfiles();
  }, [refreshBalance, refreshProfiles]);

  const sidebar = (
    <SearchSidebar
      text={explore.text}
      onTextChange={explore.setText}
      scope={explore.scope}
      onScopeChange={explore.setScope}
      categories={categoryList}
      category={explore.category}
      onCategoryChange={explore.setCategory}
      filtersOpen={explore.filtersOpen}
      onFiltersOpenChange={explore.setFiltersOpen}
      filters={explore.filters}
      onFiltersChange={explore.setFilters}
      sort={explore.sort}
      onCycleSort={explore.cycleSort}
      profiles={shownProfiles}
      loading={shownList.loading}
      canLoadMore={shownList.canLoadMore}
      loadingMore={shownList.loadingMore}
      onLoadMore={explore.loadMore}
      hasProfile={Boolean(user.profile)}
      selectedId={selectedProfileId}
      onSelect={selectProfile}
      connectSlot={connectSlot}
    />
  );

  return (
    <AppShell user={user} onOpenSearch={openSearch} skipTo={SKIP_TO_MAP}>
      <div className="flex h-[calc(100dvh-4rem)] min-h-0">
        <aside className="hidden w-[420px] shrink-0 border-r border-slate-200 bg-white md:block" aria-label="Search">
          {wide ? sidebar : null}
        </aside>
        <MobileSidebar open={sidebarOpen} onOpenChange={setSidebarOpen}>
          {sidebar}
        </MobileSidebar>
        <div className="relative min-w-0 flex-1">
          <Suspense fallback={MAP_PLACEHOLDER}>
            {mapMounted ? <MapView id={MAP_ID} center={geo.position} own={geo.own} markers={shownMarkers} clusters={shownClusters} selectedId={selectedProfileId} onSelect={selectProfile} onViewChange={setMapView} /> : MAP_PLACEHOLDER}
          </Suspense>
          <StatsBar profiles={shownProfiles} />
        </div>
      </div>
      <ProfileDialog
        profile={shown}
        onClose={() => setSelectedUserId(null)}
        isOwn={shown?.userId === user.id}
        onReviewPosted={afterReview}
        actionsSlot={
          shown ? (
            <>
              <ConnectButton userId={shown.userId} />
              <MessagePromptButton userId={shown.userId} />
              <LogTransactionButton sellerId={shown.userId} sellerName={fullName(shown.user)} isPoliticalCandidate={shown.isPoliticalCandidate} />
              <CheckoutLinks sellerId={shown.userId} name={fullName(shown.user)} isPoliticalCandidate={shown.isPoliticalCandidate} />
            </>
          ) : null
        }
      />
    </AppShell>
  );
}
