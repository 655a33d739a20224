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
 * request costs no store round trip. (One hook rather than several: each hook costs per request.)
 * Callback style, and synchronous whenever the session, the counts and the assertion are at hand
 * in process (nearly every request of a signed-in member): no promise is made unless one is needed.
 */
export function registerRequestPipeline(app: App, ctx: GatewayContext, limits: RateLimits): void {
  app.decorateRequest('gatewaySession', null);
  app.decorateRequest('identityAssertion', null);
  const hardening = securityHeaders(ctx.config.publicUrl);

  const attachAssertion = (req: FastifyRequest): void | Promise<void> => {
    if (!req.gatewaySession) return;
    // The signer reuses a member's assertion for half its life, so this is rarely a signature.
    const actor = { userId: req.gatewaySession.userId };
    const token = ctx.signer.reusable(actor);
    if (token !== undefined) req.identityAssertion = token;
    else return ctx.signer.sign(actor).then((signed) => void (req.identityAssertion = signed));
  };
  const checkAndAssert = (req: FastifyRequest, reply: FastifyReply): void | Promise<void> => {
    if (req.gatewaySession) checkBodySize(req.headers, reply);
    return attachAssertion(req);
  };
  // Counted before the body size is judged, so refused uploads spend the rate budget too.
  const countAndAssert = (req: FastifyRequest, reply: FastifyReply): void | Promise<void> => {
    const counted = limits.enforce(req, reply);
    return counted instanceof Promise ? counted.then(() => checkAndAssert(req, reply)) : checkAndAssert(req, reply);
  };
  const prepare = (req: FastifyRequest, reply: FastifyReply): void | Promise<void> => {
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
    if (kind === 'oidc') return countAndAssert(req, reply);
    const session = resolveSession(req, reply, ctx);
    if (session instanceof Promise) {
      return session.then((resolved) => {
        req.gatewaySession = resolved;
        return countAndAssert(req, reply);
      });
    }
    req.gatewaySession = session;
    return countAndAssert(req, reply);
  };

  app.addHook('onRequest', (req, reply, done) => {
    let pending: void | Promise<void>;
    try {
      pending = prepare(req, reply);
    } catch (err) {
      return done(err as Error);
    }
    if (pending) pending.then(() => done(), (err: unknown) => done(err instanceof Error ? err : new Error(String(err))));
    else done();
  });
}

function resolveSession(req: FastifyRequest, reply: FastifyReply, ctx: GatewayContext): ActiveSession | null | Promise<ActiveSession | null> {
  const id = readCookie(req.headers.cookie, ctx.cookies.session);
  if (id === undefined) return null;
  const hit = ctx.sessions.cached(id);
  return hit === undefined ? ctx.sessions.resolve(id).then((s) => clearIfEnded(s, reply, ctx)) : clearIfEnded(hit, reply, ctx);
}

/** An ended session's cookie is cleared so the browser stops presenting it. */
function clearIfEnded(session: ActiveSession | null, reply: FastifyReply, ctx: GatewayContext): ActiveSession | null {
  if (!session) reply.clearCookie(ctx.cookies.session, ctx.cookies.options);
  return session;
}

function isUpgrade(headers: IncomingHttpHeaders): boolean {
  return headers.upgrade !== undefined && /\bupgrade\b/i.test(headers.connection ?? '');
}
