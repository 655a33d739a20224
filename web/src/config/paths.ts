/** Every URL the client navigates to, in one place (bulletproof-react's paths). */
export const paths = {
  home: { getHref: () => '/' },
  about: { getHref: () => '/about' },
  login: { getHref: () => '/api/login' },
  logout: { getHref: () => '/api/logout' },
} as const;
