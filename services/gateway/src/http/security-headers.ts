import type { App } from '@freemarket/kit';

/**
 * Cheap browser-side hardening on every answer, proxied or not: no MIME sniffing, no framing
 * (clickjacking), no full URLs leaking in Referer to other sites, and HSTS once served over https.
 */
export function registerSecurityHeaders(app: App, publicUrl: string): void {
  const https = new URL(publicUrl).protocol === 'https:';
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', "frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
    if (https) reply.header('strict-transport-security', 'max-age=31536000');
  });
}
