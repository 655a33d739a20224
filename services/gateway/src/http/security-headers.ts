/**
 * Cheap browser-side hardening on every answer, proxied or not: no MIME sniffing, no framing
 * (clickjacking), no full URLs leaking in Referer to other sites, and HSTS once served over https.
 * Set once per request from the request pipeline rather than by a hook of their own.
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return Object.freeze({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
    ...(new URL(publicUrl).protocol === 'https:' ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  });
}
