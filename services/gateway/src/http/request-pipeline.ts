import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError, type App } from '@freemarket/kit';
import type { GatewayContext } from '../context.js';
import { readCookie } from '../session/cookies.js';
import type { ActiveSession } from '../session/sessions.js';
import { dropInboundIdentity } from './identity-headers.js';
import { pathKind } from './path-kind.js';
import type { RateLimits } from './rate-limits.js';
import { checkBodySize, checkRequestRules, checkSameOrigin } from './request-rules.js';
import { securityHeaders } from './security-headers.js';
import './request-state.js';

/**
 * The one `onRequest` hook: security headers on everything; then, for everything that is not the
 * web app, refuse what must never pass, drop identity claims from outside, apply the §3 rules, find
 * the session, count the request and prepare the assertion. Cheap checks come first so a refused
 * request costs no store round trip.
 */
export function registerRequestPipeline(app: App, ctx: GatewayContext, limits: RateLimits): void {
  app.decorateRequest('gatewaySession', null);
  app.decorateRequest('identityAssertion', null);
  const hardening = securityHeaders(ctx.config.publicUrl);

  app.addHook('onRequest', async (req, reply) => {
    reply.headers(hardening);
    const kind = pathKind(req.url);
    // The only websocket endpoint is socket.io; any other upgrade is refused before routing.
    if (kind !== 'socket' && isUpgrade(req.headers)) throw new NotFoundError();
    if (kind === 'web') return;
    if (kind === 'internal') throw new NotFoundError();

    dropInboundIdentity(req.headers);
    if (kind === 'api') checkRequestRules(req.method, req.url, req.headers, ctx.publicOrigin);
    // Browsers always send Origin on a websocket handshake; this is what stops cross-site hijacking.
    if (kind === 'socket') checkSameOrigin(req.headers, ctx.publicOrigin);
    if (kind !== 'oidc') req.gatewaySession = await resolveSession(req, reply, ctx);
    // Counted before the body size is judged, so refused uploads spend the rate budget too.
    await limits.enforce(req, reply);
    if (!req.gatewaySession) return;
    checkBodySize(req.headers, reply);
    // The signer reuses a member's assertion for half its life, so this is rarely a signature.
    const actor = { userId: req.gatewaySession.userId };
    req.identityAssertion = ctx.signer.reusable(actor) ?? (await ctx.signer.sign(actor));
  });
}

async function resolveSession(req: FastifyRequest, reply: FastifyReply, ctx: GatewayContext): Promise<ActiveSession | null> {
  const id = readCookie(req.headers.cookie, ctx.cookies.session);
  if (id === undefined) return null;
  const session = await ctx.sessions.resolve(id);
  // An ended session's cookie is cleared so the browser stops presenting it.
  if (!session) reply.clearCookie(ctx.cookies.session, ctx.cookies.options);
  return session;
}

function isUpgrade(headers: IncomingHttpHeaders): boolean {
  return headers.upgrade !== undefined && /\bupgrade\b/i.test(headers.connection ?? '');
}
