import { InvalidRequestError, redirectAnswer, type App } from '@freemarket/kit';
import type { GatewayContext } from '../../context.js';
import { readCookie } from '../../session/cookies.js';

/**
 * `GET /api/callback`: finishes sign-in, then starts a brand-new session. Whatever session id the
 * browser held before is destroyed, so an id planted before sign-in is worth nothing after it.
 */
export function registerGetCallback(app: App, ctx: GatewayContext): void {
  app.get('/api/callback', { schema: { response: redirectAnswer('To the page sign-in began from (the home page by default), signed in') } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const checks = await ctx.preAuth.take(readCookie(req.headers.cookie, ctx.cookies.preAuth));
    reply.clearCookie(ctx.cookies.preAuth, ctx.cookies.options);
    if (!checks) throw new InvalidRequestError('Sign-in expired or was started in another browser: start again at /api/login');

    const userId = await ctx.signIn.complete(new URL(req.url, ctx.config.publicUrl), checks);
    await ctx.sessions.destroy(readCookie(req.headers.cookie, ctx.cookies.session));
    const sessionId = await ctx.sessions.create(userId);
    reply.setCookie(ctx.cookies.session, sessionId, { ...ctx.cookies.options, maxAge: Math.floor(ctx.config.session.absoluteTimeoutMs / 1000) });
    return reply.redirect(checks.returnTo ?? '/', 302);
  });
}
