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

/**
 * Server-to-server callbacks, signed by their sender: exempt from the browser Origin rule and from
 * the per-address budget (a payment provider delivers from a few addresses, and a refused delivery
 * only comes back later); they still must be JSON, and the service checks the signature.
 */
export const SERVER_CALLBACKS = ['/api/stripe/webhook'] as const;

export const ROUTE_BUDGET_NAMES = ['contact', 'search', 'posting', 'payments'] as const;
export type RouteBudgetName = (typeof ROUTE_BUDGET_NAMES)[number];

/** Calls that cost the platform more than most, with a budget per minute of their own. */
export interface RouteBudget {
  name: RouteBudgetName;
  methods: readonly string[];
  prefixes: readonly string[];
  /** Who spends it: the client address, or the caller (the session when signed in, else the address). */
  per: 'address' | 'caller';
}

/**
 * Besides the general budgets (per address, per session), each of these has its own, tighter one
 * (`RATE_LIMIT_<NAME>_PER_MINUTE`, docs/api.md): the contact form stores what strangers send;
 * search and the map are the most expensive reads; posting reaches other members; a payment intent
 * calls Stripe and a logged transaction stores a record.
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { name: 'contact', methods: ['POST'], prefixes: ['/api/contact'], per: 'address' },
  { name: 'search', methods: ['GET'], prefixes: ['/api/profiles/search', '/api/profiles/map', '/api/profiles/location'], per: 'caller' },
  { name: 'posting', methods: ['POST'], prefixes: ['/api/posts', '/api/messages', '/api/surveys', '/api/reviews', '/api/testimonials'], per: 'caller' },
  { name: 'payments', methods: ['POST'], prefixes: ['/api/create-payment-intent', '/api/transactions/manual'], per: 'caller' },
];

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
