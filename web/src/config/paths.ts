import type { TransactionType } from '@freemarket/contracts/constants';
import { RETURN_TO_MAX_CHARS, sitePageOf } from '@freemarket/contracts/site-page';

export type SurveysTab = 'mine' | 'inbox';

/** Every URL the client navigates to, in one place (bulletproof-react's paths). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  terms: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  privacy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  contact: { path: '/contact', getHref: () => '/contact' },
  feed: { path: '/feed', getHref: () => '/feed' },
  /** The surveys page, on the member's own surveys or, with `inbox`, on the surveys sent to them. */
  surveys: { path: '/surveys', getHref: (tab: SurveysTab = 'mine') => (tab === 'inbox' ? '/surveys?tab=inbox' : '/surveys') },
  rewards: { path: '/rewards', getHref: () => '/rewards' },
  account: { path: '/account', getHref: () => '/account' },
  /** The landing page saying the account was deleted (it reads `account=deleted`). */
  accountDeleted: { getHref: () => '/?account=deleted' },
  projects: { path: '/projects', getHref: () => '/projects' },
  projectDetails: { path: '/projects/:id', getHref: (id: string) => `/projects/${encodeURIComponent(id)}` },
  profile: { path: '/profile', getHref: () => '/profile' },
  userProfile: { path: '/profile/:userId', getHref: (userId: string) => `/profile/${encodeURIComponent(userId)}` },
  connections: { path: '/connections', getHref: () => '/connections' },
  messages: { path: '/messages', getHref: () => '/messages' },
  events: { path: '/events', getHref: () => '/events' },
  /** The learning hub; with a tutorial, its details open (`paid`: the member just paid for it, and its enrollment is on its way). */
  learn: {
    path: '/learn',
    getHref: (open?: { tutorialId: string; paid?: boolean }) => {
      if (!open) return '/learn';
      const query = new URLSearchParams({ tutorial: open.tutorialId });
      if (open.paid) query.set('paid', '1');
      return `/learn?${query.toString()}`;
    },
  },
  checkout: {
    path: '/checkout',
    /**
     * Spec 02 §2 (payment screen) and spec 01 §7: amount stays empty when the member is to enter it
     * (Send Money, Donate); a Buy Now link carries the item and its price, Enroll the tutorial and its price.
     */
    getHref: (q: { sellerId: string; type?: TransactionType; itemId?: string; tutorialId?: string; amount?: string; description?: string }) => {
      const query = new URLSearchParams({ amount: q.amount ?? '', sellerId: q.sellerId, type: q.type ?? 'purchase' });
      if (q.itemId) query.set('itemId', q.itemId);
      if (q.tutorialId) query.set('tutorialId', q.tutorialId);
      if (q.description) query.set('description', q.description);
      return `/checkout?${query.toString()}`;
    },
  },
  /** Where a payment lands (Stripe's return address too); `transaction` names the payment to show. */
  paymentSuccess: {
    path: '/payment-success',
    getHref: (transactionId?: string) => (transactionId ? `/payment-success?${new URLSearchParams({ transaction: transactionId }).toString()}` : '/payment-success'),
  },
  transactions: { path: '/transactions', getHref: () => '/transactions' },
  /**
   * Sign-in; `returnTo`, the page to come back to. One the server would refuse (too long, not a
   * page of this site) is left out, so Log In always works and lands on the home page instead.
   */
  login: {
    getHref: (returnTo?: string) => {
      const page = returnTo ? sitePageOf(returnTo) : null;
      return page && page !== '/' && page.length <= RETURN_TO_MAX_CHARS ? `/api/login?${new URLSearchParams({ returnTo: page }).toString()}` : '/api/login';
    },
  },
  logout: { getHref: () => '/api/logout' },
} as const;

/** The page being shown, as sign-in's `returnTo`. */
export function currentPage(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Sign-in and sign-out are server redirect chains, so they are full page loads, never client routes. */
export function navigateTo(href: string): void {
  window.location.assign(href);
}
