import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { profilePageQueryOptions } from '../features/profile/api/get-profile-page';
import { currentUserQueryOptions } from '../lib/auth';
import { queryClient } from '../lib/react-query';
import { LoadingScreen } from './routes/loading';
import { NotFoundRoute } from './routes/not-found';
import { HomeRoute } from './routes/home';

/** Each screen is its own chunk, loaded when its route is first visited. */
function lazyNamed<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const ConnectionsRoute = lazyNamed(() => import('./routes/connections'), 'ConnectionsRoute');
const MessagesRoute = lazyNamed(() => import('./routes/messages'), 'MessagesRoute');
const FeedRoute = lazyNamed(() => import('./routes/feed'), 'FeedRoute');
const SurveysRoute = lazyNamed(() => import('./routes/surveys'), 'SurveysRoute');
const RewardsRoute = lazyNamed(() => import('./routes/rewards'), 'RewardsRoute');
const AccountRoute = lazyNamed(() => import('./routes/account'), 'AccountRoute');
const AboutRoute = lazyNamed(() => import('./routes/static-pages'), 'AboutRoute');
const TermsRoute = lazyNamed(() => import('./routes/static-pages'), 'TermsRoute');
const PrivacyRoute = lazyNamed(() => import('./routes/static-pages'), 'PrivacyRoute');
const ContactRoute = lazyNamed(() => import('./routes/static-pages'), 'ContactRoute');
const CheckoutRoute = lazyNamed(() => import('./routes/checkout'), 'CheckoutRoute');
const PaymentSuccessRoute = lazyNamed(() => import('./routes/payment-success'), 'PaymentSuccessRoute');
const TransactionsRoute = lazyNamed(() => import('./routes/transactions'), 'TransactionsRoute');
const EventsRoute = lazyNamed(() => import('./routes/events'), 'EventsRoute');
const ProjectsRoute = lazyNamed(() => import('./routes/projects'), 'ProjectsRoute');
const ProjectDetailsRoute = lazyNamed(() => import('./routes/projects'), 'ProjectDetailsRoute');
const LearnRoute = lazyNamed(() => import('./routes/learn'), 'LearnRoute');
const OwnProfileRoute = lazyNamed(() => import('./routes/profile'), 'OwnProfileRoute');

/**
 * Asks for a member's profile once the visitor is known to be signed in: a visitor's 401 would start
 * the sign-in-again flow instead of the page's 'Please log in'.
 */
async function prefetchProfilePage(userId: string): Promise<void> {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
  if (user) await queryClient.prefetchQuery(profilePageQueryOptions(userId));
}

// The member's profile is requested with the page's code, not after it: one round trip less before it shows.
const UserProfileRoute = lazyNamed(() => {
  const userId = /^\/profile\/([^/]+)$/.exec(window.location.pathname)?.[1];
  if (userId) void prefetchProfilePage(decodeURIComponent(userId));
  return import('./routes/profile');
}, 'UserProfileRoute');

/** The route table of spec 01 §2. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path={paths.home.path} element={<HomeRoute />} />
          <Route path={paths.about.path} element={<AboutRoute />} />
          <Route path={paths.terms.path} element={<TermsRoute />} />
          <Route path={paths.privacy.path} element={<PrivacyRoute />} />
          <Route path={paths.contact.path} element={<ContactRoute />} />
          <Route path={paths.connections.path} element={<ConnectionsRoute />} />
          <Route path={paths.messages.path} element={<MessagesRoute />} />
          <Route path={paths.feed.path} element={<FeedRoute />} />
          <Route path={paths.surveys.path} element={<SurveysRoute />} />
          <Route path={paths.rewards.path} element={<RewardsRoute />} />
          <Route path={paths.account.path} element={<AccountRoute />} />
          <Route path={paths.checkout.path} element={<CheckoutRoute />} />
          <Route path={paths.paymentSuccess.path} element={<PaymentSuccessRoute />} />
          <Route path={paths.transactions.path} element={<TransactionsRoute />} />
          <Route path={paths.events.path} element={<EventsRoute />} />
          <Route path={paths.projects.path} element={<ProjectsRoute />} />
          <Route path={paths.projectDetails.path} element={<ProjectDetailsRoute />} />
          <Route path={paths.learn.path} element={<LearnRoute />} />
          <Route path={paths.profile.path} element={<OwnProfileRoute />} />
          <Route path={paths.userProfile.path} element={<UserProfileRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
