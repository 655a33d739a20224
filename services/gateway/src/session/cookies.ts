import type { CookieSerializeOptions } from '@fastify/cookie';

export interface CookiePolicy {
  session: string;
  preAuth: string;
  /** Shared by every cookie the gateway sets, so clearing one matches how it was set. */
  options: CookieSerializeOptions;
}

/**
 * Over https the cookies take the `__Host-` prefix: the browser then insists on Secure, Path=/ and
 * no Domain, so a sibling subdomain cannot plant or overwrite them.
 */
export function cookiePolicy(publicUrl: string): CookiePolicy {
  const secure = new URL(publicUrl).protocol === 'https:';
  const prefix = secure ? '__Host-' : '';
  return {
    session: `${prefix}fm.sid`,
    preAuth: `${prefix}fm.auth`,
    options: { httpOnly: true, sameSite: 'lax', path: '/', secure },
  };
}

/**
 * One cookie's value from a `cookie` header. Cheaper than parsing every cookie on every request,
 * which is all the gateway would otherwise do with them.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (let start = 0; start < header.length; ) {
    const end = header.indexOf(';', start);
    const pair = header.slice(start, end === -1 ? undefined : end).trim();
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
    if (end === -1) break;
    start = end + 1;
  }
  return undefined;
}
