/** The services behind the gateway (ARCHITECTURE §1). */
export const SERVICE_NAMES = ['identity', 'directory', 'social', 'messaging', 'commerce', 'rewards'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * How the gateway treats a prefix:
 * - `api`: session lookup, identity assertion, the Origin and JSON rules, rate limits;
 * - `oidc`: the identity provider's own pages (form posts, its own cookies), passed through as is;
 * - `socket`: socket.io, HTTP and websocket upgrade, with the assertion on the upgrade.
 */
export type RouteKind = 'api' | 'oidc' | 'socket';

export interface ProxyRoute {
  /** A whole path segment: `/api/skills` matches `/api/skills` and `/api/skills/…`, never `/api/skill-categories`. */
  prefix: string;
  service: ServiceName;
  kind: RouteKind;
}

const api = (service: ServiceName, ...prefixes: string[]): ProxyRoute[] => prefixes.map((prefix) => ({ prefix, service, kind: 'api' }));

/** Paths are forwarded unchanged: services register full paths such as `/api/auth/user`. */
export const ROUTING_TABLE: readonly ProxyRoute[] = [
  ...api('identity', '/api/auth', '/api/contact'),
  { prefix: '/oidc', service: 'identity', kind: 'oidc' },
  ...api(
    'directory',
    '/api/profiles',
    '/api/skill-categories',
    '/api/skills',
    '/api/user-skills',
    '/api/certifications',
    '/api/reviews',
    '/api/testimonials',
    '/api/favorite-businesses',
    '/api/business-referrals',
    '/api/proposed-legislation',
  ),
  ...api('social', '/api/connections', '/api/posts', '/api/surveys', '/api/events', '/api/projects', '/api/diy-content'),
  ...api('messaging', '/api/messages'),
  { prefix: '/socket.io', service: 'messaging', kind: 'socket' },
  ...api('commerce', '/api/transactions', '/api/expenses', '/api/items-for-sale', '/api/create-payment-intent', '/api/stripe', '/api/payments'),
  ...api('rewards', '/api/rewards'),
];

/** Service-to-service paths: never reachable from outside, whatever the services mount there. */
export const NEVER_PROXIED = ['/internal'] as const;

/** Server-to-server callbacks, exempt from the browser Origin rule (they still must be JSON). */
export const ORIGIN_RULE_EXEMPT = ['/api/stripe/webhook'] as const;

/**
 * Writes anyone may send, signed in or not, that store what they carry: besides the general
 * budgets, each client address has a small one of its own per minute (`RATE_LIMIT_CONTACT_PER_MINUTE`).
 */
export const PUBLIC_WRITES = ['/api/contact'] as const;

export function routesOf(service: ServiceName): ProxyRoute[] {
  return ROUTING_TABLE.filter((r) => r.service === service);
}

/** `/api/<segment>` → the service behind it, for the `api` prefixes (all of that shape). */
const API_SERVICES = new Map(ROUTING_TABLE.filter((r) => r.kind === 'api').map((r) => [r.prefix, r.service]));

/** The service whose `api` prefix a path (no query) falls under, if any. */
export function apiServiceOf(path: string): ServiceName | undefined {
  if (!path.startsWith('/api/')) return undefined;
  const end = path.indexOf('/', 5);
  return API_SERVICES.get(end === -1 ? path : path.slice(0, end));
}
