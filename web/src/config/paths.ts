/** Every URL the client navigates to, in one place (bulletproof-react's paths). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  about: { path: '/about', getHref: () => '/about' },
  terms: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  privacy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  contact: { path: '/contact', getHref: () => '/contact' },
  feed: { path: '/feed', getHref: () => '/feed' },
  surveys: { path: '/surveys', getHref: () => '/surveys' },
  rewards: { path: '/rewards', getHref: () => '/rewards' },
  projects: { path: '/projects', getHref: () => '/projects' },
  profile: { path: '/profile', getHref: () => '/profile' },
  userProfile: { path: '/profile/:userId', getHref: (userId: string) => `/profile/${encodeURIComponent(userId)}` },
  connections: { path: '/connections', getHref: () => '/connections' },
  messages: { path: '/messages', getHref: () => '/messages' },
  events: { path: '/events', getHref: () => '/events' },
  learn: { path: '/learn', getHref: () => '/learn' },
  checkout: {
    path: '/checkout',
    /** Spec 01 §7: amount is left empty for the member to enter. */
    getHref: (q: { sellerId: string; type: 'transfer' | 'donation'; description: string }) =>
      `/checkout?${new URLSearchParams({ amount: '', sellerId: q.sellerId, type: q.type, description: q.description }).toString()}`,
  },
  login: { getHref: () => '/api/login' },
  logout: { getHref: () => '/api/logout' },
} as const;

/** Sign-in and sign-out are server redirect chains, so they are full page loads, never client routes. */
export function navigateTo(href: string): void {
  window.location.assign(href);
}
