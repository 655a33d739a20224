import { accountExportSchema, deleteAccountSchema, exportPartSchema, type ExportPart } from '@freemarket/contracts';
import { type App, AppError, AuthRequiredError, noContent, UnavailableError } from '@freemarket/kit';
import type { GatewayContext } from '../../context.js';
import { SERVICE_NAMES, type ServiceName } from '../../proxy/routing-table.js';
import '../../http/request-state.js';
import { readCookie } from '../../session/cookies.js';

/** Before the body is judged: a visitor gets 401 whatever they send. */
async function refuseVisitors(req: { gatewaySession: { userId: string } | null }): Promise<void> {
  if (!req.gatewaySession) throw new AuthRequiredError();
}

/** The caller's assertion, set by the request pipeline for a signed-in member; 401 otherwise. */
function memberOf(req: { gatewaySession: { userId: string } | null; identityAssertion: string | null }): { userId: string; assertion: string } {
  if (!req.gatewaySession || !req.identityAssertion) throw new AuthRequiredError();
  return { userId: req.gatewaySession.userId, assertion: req.identityAssertion };
}

async function exportPart(ctx: GatewayContext, service: ServiceName, identity: string): Promise<ExportPart> {
  const answer = await ctx.forwarders.get(service)!.call('/internal/export', { identity });
  if (answer.status !== 200) {
    await answer.discard();
    throw new UnavailableError(`Service Unavailable: ${service} could not export the member's data`, { cause: new Error(`${service} answered ${answer.status}`) });
  }
  return exportPartSchema.parse(await answer.json());
}

/**
 * The member's own account, across services (docs/architecture.md, A member's data):
 * `GET /api/auth/user/export` asks every service's `/internal/export` for the caller's rows, as
 * the caller, and answers them as one download; an export missing a service would mislead, so a
 * service that fails fails it. `DELETE /api/auth/user` lets identity delete the member (which
 * tells every service by `user.deleted`), then ends every session of the member.
 */
export function registerMemberAccount(app: App, ctx: GatewayContext): void {
  app.get('/api/auth/user/export', { onRequest: refuseVisitors, schema: { response: { 200: accountExportSchema } } }, async (req, reply) => {
    const { userId, assertion } = memberOf(req);
    const parts = await Promise.all(SERVICE_NAMES.map(async (service) => [service, await exportPart(ctx, service, assertion)] as const));
    const exportedAt = new Date().toISOString();
    reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="freemarket-data-${exportedAt.slice(0, 10)}.json"`);
    return { userId, exportedAt, services: Object.fromEntries(parts) };
  });

  app.delete('/api/auth/user', { onRequest: refuseVisitors, schema: { body: deleteAccountSchema, response: noContent } }, async (req, reply) => {
    const { userId, assertion } = memberOf(req);
    const answer = await ctx.forwarders.get('identity')!.call('/api/auth/user', { method: 'DELETE', identity: assertion, body: req.body });
    await answer.discard();
    // A member identity does not know (a second click) has nothing left to delete: the session ends just the same.
    const done = answer.status < 300 || answer.status === 401;
    if (!done) throw new AppError(502, 'Bad Gateway: identity could not delete the account', { cause: new Error(`identity answered ${answer.status}`) });
    await ctx.sessions.destroy(readCookie(req.headers.cookie, ctx.cookies.session));
    await ctx.sessions.destroyAllOf(userId);
    reply.clearCookie(ctx.cookies.session, ctx.cookies.options).header('cache-control', 'no-store');
    return reply.code(204).send(null);
  });
}
