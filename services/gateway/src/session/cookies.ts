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
