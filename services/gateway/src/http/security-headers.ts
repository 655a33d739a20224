/**
 * Cheap browser-side hardening on every answer, proxied or not: no MIME sniffing, no framing
 * (clickjacking), no full URLs leaking in Referer to other sites, no powerful features the site
 * does not use, a browsing context of its own, and HSTS once served over https. Set once per
 * request from the request pipeline rather than by a hook of their own.
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return Object.freeze({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
    'permissions-policy': 'camera=(), microphone=(), usb=(), geolocation=(self), payment=(self "https://js.stripe.com")',
    // Popups stay allowed: a card issuer's 3-D Secure check may open one from Stripe's frame.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    ...(new URL(publicUrl).protocol === 'https:' ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  });
}

/** Stripe.js and the frames it opens: the checkout loads them (spec 02 §2 Payment screen). */
const STRIPE_SCRIPTS = 'https://js.stripe.com';
const STRIPE_FRAMES = 'https://js.stripe.com https://hooks.stripe.com';
/**
 * The embedded players of YouTube (its privacy-enhanced address) and Vimeo: a tutorial whose video
 * is a page on either plays in the site's player (web/src/features/learn/utils/video-address.ts).
 */
const VIDEO_FRAMES = 'https://www.youtube-nocookie.com https://player.vimeo.com';

/**
 * The policy of the web client's pages: scripts only from the site and Stripe, never inline;
 * connections to the site (its API and socket) and Stripe's API. Images and videos may come from
 * anywhere, since members link their own photos and tutorial videos and the map's tiles are
 * configured at build time; frames only from Stripe and the two video players. Styles may be
 * inline: the map and the dialogs position themselves with style attributes. Stripe is allowed on
 * every page, not only the checkout, because a single-page app keeps the policy of the page it was
 * first loaded from.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${STRIPE_SCRIPTS}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' https: http:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  `frame-src ${STRIPE_FRAMES} ${VIDEO_FRAMES}`,
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');
