import { loginQuerySchema } from '@freemarket/contracts';
import { redirectAnswer, type App } from '@freemarket/kit';
import { PRE_AUTH_TTL_MS } from '../../auth/pre-auth.js';
import type { GatewayContext } from '../../context.js';

/**
 * `GET /api/login?returnTo`: remembers this attempt's checks, and the page to come back to, under a
 * cookie of its own, then off to the provider.
 */
export function registerGetLogin(app: App, ctx: GatewayContext): void {
  app.get('/api/login', { schema: { querystring: loginQuerySchema, response: redirectAnswer('To the OpenID provider’s sign-in page') } }, async (req, reply) => {
    const { authorizationUrl, checks } = await ctx.signIn.begin();
    const attemptId = await ctx.preAuth.create({ ...checks, returnTo: req.query.returnTo });
    reply.setCookie(ctx.cookies.preAuth, attemptId, { ...ctx.cookies.options, maxAge: PRE_AUTH_TTL_MS / 1000 });
    reply.header('cache-control', 'no-store');
    return reply.redirect(authorizationUrl.href, 302);
  });
}
