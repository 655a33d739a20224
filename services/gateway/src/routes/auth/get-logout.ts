import { redirectAnswer, type App } from '@freemarket/kit';
import type { GatewayContext } from '../../context.js';
import { readCookie } from '../../session/cookies.js';

/**
 * `GET /api/logout` (a navigation, per the spec): ends the caller's session server-side. Another
 * site can link here, so a cross-site navigation only lands on `/` without signing anyone out.
 */
export function registerGetLogout(app: App, ctx: GatewayContext): void {
  app.get('/api/logout', { schema: { response: redirectAnswer('To the home page, signed out') } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (req.headers['sec-fetch-site'] !== 'cross-site') {
      await ctx.sessions.destroy(readCookie(req.headers.cookie, ctx.cookies.session));
      reply.clearCookie(ctx.cookies.session, ctx.cookies.options);
    }
    return reply.redirect('/', 302);
  });
}
