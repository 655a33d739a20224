import { lazy, Suspense, type ReactNode } from 'react';
import { AboutPage } from '../../features/public-pages/components/about-page';
import { ContactPage } from '../../features/public-pages/components/contact-page';
import { PrivacyPage } from '../../features/public-pages/components/privacy-page';
import { PublicPageReaderContext } from '../../features/public-pages/components/public-page';
import { TermsPage } from '../../features/public-pages/components/terms-page';
import { useAuth } from '../../lib/auth';

// @NOTE Visitors never load the app's header (its menus and live messaging); members fetch it here.
const AppShell = lazy(() => import('../layout/app-shell').then((m) => ({ default: m.AppShell })));

/**
 * A public page for whoever reads it: a visitor gets the signed-out header, a member the app's own
 * header and navigation, so opening About from the app does not look like being signed out.
 */
function PublicRoute({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const waiting = <PublicPageReaderContext.Provider value="unknown">{children}</PublicPageReaderContext.Provider>;
  if (auth.status === 'loading') return waiting;
  if (auth.status === 'unauthenticated') return <PublicPageReaderContext.Provider value="visitor">{children}</PublicPageReaderContext.Provider>;
  return (
    <Suspense fallback={waiting}>
      <AppShell user={auth.user}>
        <PublicPageReaderContext.Provider value="member">{children}</PublicPageReaderContext.Provider>
      </AppShell>
    </Suspense>
  );
}

/** The public pages (spec 02 §2): open to visitors, so no route here asks for a session. */
export function AboutRoute() {
  return (
    <PublicRoute>
      <AboutPage />
    </PublicRoute>
  );
}

export function TermsRoute() {
  return (
    <PublicRoute>
      <TermsPage />
    </PublicRoute>
  );
}

export function PrivacyRoute() {
  return (
    <PublicRoute>
      <PrivacyPage />
    </PublicRoute>
  );
}

export function ContactRoute() {
  return (
    <PublicRoute>
      <ContactPage />
    </PublicRoute>
  );
}
