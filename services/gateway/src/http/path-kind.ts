import { NEVER_PROXIED, ROUTE_BUDGETS, SERVER_CALLBACKS, type RouteBudget, type RouteKind } from '../proxy/routing-table.js';

/** Which rules a request path falls under; `web` is the single-page app and its assets. */
export type PathKind = RouteKind | 'internal' | 'web';

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function pathKind(url: string): PathKind {
  const path = pathOf(url);
  if (under(path, '/api')) return 'api';
  if (under(path, '/oidc')) return 'oidc';
  if (under(path, '/socket.io')) return 'socket';
  if (NEVER_PROXIED.some((p) => under(path, p))) return 'internal';
  return 'web';
}

/** One of `SERVER_CALLBACKS`. */
export function isServerCallback(url: string): boolean {
  const path = pathOf(url);
  return SERVER_CALLBACKS.some((p) => under(path, p));
}

/** The route budget a request spends besides the general ones, if any (`ROUTE_BUDGETS`). */
export function routeBudgetOf(method: string, url: string): RouteBudget | undefined {
  const path = pathOf(url);
  return ROUTE_BUDGETS.find((b) => b.methods.includes(method) && b.prefixes.some((p) => under(path, p)));
}
