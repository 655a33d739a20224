import { lazy } from 'react';
// @NOTE The landing page is in the entry chunk (3 KB): visitors get it without a second round trip.
import { LandingPage } from '../../features/landing/components/landing-page';
import { useAuth } from '../../lib/auth';
import { LoadingScreen } from './loading';

const ExploreRoute = lazy(() => import('./explore').then((m) => ({ default: m.ExploreRoute })));

/** `/`: the landing page for visitors, the explore map for members (spec 01 §2). */
export function HomeRoute() {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'unauthenticated') return <LandingPage />;
  return <ExploreRoute user={auth.user} />;
}
