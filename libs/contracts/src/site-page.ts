/** Longer than any address of the web client's, short enough to keep in a sign-in attempt. */
export const RETURN_TO_MAX_CHARS = 2000;

/** The server's own paths: nothing to come back to after signing in (and `/api/logout` would undo it). */
const SERVER_PATHS = ['/api', '/oidc'];

/**
 * `returnTo` as a browser will read it, or null when it is not a page of this site: `//host`,
 * `/\host`, a full URL, a control character (browsers drop tabs and newlines, so `/\t/host` is
 * `//host`), or a server path however it is spelled (`/./api`, `/%61pi`).
 */
export function sitePageOf(value: string): string | null {
  if (!value.startsWith('/') || /\p{Cc}/u.test(value)) return null;
  const base = new URL('http://site.invalid');
  const url = new URL(value, base);
  // The address a browser goes to: dot segments resolved, anything not ASCII percent-encoded.
  const page = `${url.pathname}${url.search}${url.hash}`;
  // A backslash is a slash to the parser already, so '/\host' arrives here as another origin.
  if (url.origin !== base.origin || page.startsWith('//')) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname).toLowerCase();
  } catch {
    return null;
  }
  return SERVER_PATHS.some((p) => path === p || path.startsWith(`${p}/`)) ? null : page;
}
