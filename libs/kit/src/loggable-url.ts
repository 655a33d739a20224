/**
 * Request addresses as logs and traces may keep them: a credential riding in the address is
 * replaced by `[redacted]`. The logger applies it to every `url` it writes (libs/kit/src/logger.ts)
 * and tracing to every request span's address (span-urls.ts), so the gateway's and every service's
 * request lines and spans are covered by this one list.
 */
export const REDACTED = '[redacted]';

/** Paths whose rest is a credential: a member's private calendar feed (`/api/events/calendar/<token>.ics`). */
const SECRET_PATHS = ['/api/events/calendar/'];

/**
 * Query parameters that carry credentials: the OpenID authorization response at `/api/callback`
 * (`code`, `state`) and the OAuth names for tokens and secrets.
 */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'id_token', 'refresh_token', 'client_secret', 'code_verifier']);

/** A scheme and host in front of the path, when the address is absolute. */
const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/** `url` (a request target, or an absolute address) with its credentials replaced by `[redacted]`. */
export function loggableUrl(url: string): string {
  const { origin, path, query } = loggableUrlParts(url);
  return origin + path + (query === null ? '' : `?${query}`);
}

/** The same address in parts, for a record that keeps them apart; `query` without its `?`, null when there is none. */
export function loggableUrlParts(url: string): { origin: string; path: string; query: string | null } {
  const origin = ORIGIN.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  return { origin, path: loggablePath(path), query: q === -1 ? null : loggableQuery(rest.slice(q + 1)) };
}

/**
 * The path as written, or up to the secret's start when it is a secret path. Matched as the router
 * or a lenient proxy might read it (repeated slashes as one, dot segments resolved, percent-decoded,
 * any case), so a token sent as `/api/events/%63alendar/…` or `//api/x/../events/calendar/…` is not
 * logged either.
 */
function loggablePath(path: string): string {
  const plain = normalised(path);
  for (const secret of SECRET_PATHS) {
    const at = plain.indexOf(secret);
    if (at !== -1) return `${plain.slice(0, at + secret.length)}${REDACTED}`;
  }
  return path;
}

/** The query as written, each secret parameter's value replaced. */
function loggableQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(decoded(name.replace(/\+/g, ' ')).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

function normalised(path: string): string {
  let plain = path.replace(/\/{2,}/g, '/');
  try {
    plain = new URL(plain, 'http://host').pathname;
  } catch {
    // Not a path URL can resolve: matched as written.
  }
  return decoded(plain).toLowerCase().replace(/\/{2,}/g, '/');
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
