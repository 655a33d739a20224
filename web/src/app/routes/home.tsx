import { lazy, useDeferredValue } from 'react';
// @NOTE The landing page is in the entry chunk (3 KB): visitors get it without a second round trip.
import { LandingPage } from '../../features/landing/components/landing-page';
import { useAuth } from '../../lib/auth';
import { importInTurn } from '../../lib/schedule';
import { LoadingScreen } from './loading';

// @NOTE The app shell (header, menus: Radix's dialog, tooltip and positioning) evaluates in a task
// of its own, then the map screen: as one graph they make the longest task after the first paint on a phone.
const ExploreRoute = lazy(() =>
  importInTurn(
    () => import('../layout/app-shell'),
    () => import('./explore'),
  ).then((m) => ({ default: m.ExploreRoute })),
);

/** `/`: the landing page for visitors, the explore map for members (spec 01 §2). */
export function HomeRoute() {
  const auth = useAuth();
  // @NOTE The current-user answer is an urgent update (TanStack Query's useSyncExternalStore): left
  // so, the whole map screen would mount, commit and start its effects in one task a phone cannot
  // interrupt. For a member the deferred status keeps the loading screen for that urgent pass and
  // mounts the map screen in a background render that yields every few milliseconds.
  const status = useDeferredValue(auth.status);
  if (auth.status === 'loading' || (status === 'loading' && auth.status === 'authenticated')) return <LoadingScreen />;
  if (auth.status === 'unauthenticated') return <LandingPage />;
  return <ExploreRoute user={auth.user} />;
}
