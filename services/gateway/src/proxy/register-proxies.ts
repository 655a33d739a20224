import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyReplyFromHooks, RetryDetails } from '@fastify/reply-from';
import type { FastifyRequest } from 'fastify';
import type { App } from '@freemarket/kit';
import type { GatewayContext } from '../context.js';
import { forwardingFor, upstreamHeaders, upstreamWebsocketHeaders } from './forward-headers.js';
import { failoverHandler } from './failover.js';
import { InstanceHealth } from './instance-health.js';
import { roundRobin } from './round-robin.js';
import { SERVICE_NAMES, routesOf } from './routing-table.js';
import { replyUpstreamFailure } from './upstream-errors.js';
import { sendUpstreamBody } from './send-upstream-body.js';
import '../http/request-state.js';

/**
 * `rewriteRequestHeaders` is documented (and called) by @fastify/http-proxy for the upstream
 * websocket, but missing from its published types.
 */
type WsClientOptions = NonNullable<FastifyHttpProxyOptions['wsClientOptions']> & {
  rewriteRequestHeaders: (headers: Record<string, string>, req: FastifyRequest) => Record<string, string>;
};

/** A websocket frame larger than this is refused; chat messages are far smaller. */
const WS_MAX_PAYLOAD = 1024 * 1024;

/**
 * One proxy per service, serving every prefix the routing table gives it, so each service gets one
 * keep-alive connection pool per instance however many prefixes it owns. Paths are forwarded
 * unchanged. A service with several instances (a comma-separated `*_URL`) gets requests and
 * websocket upgrades in turn, except on instances a connection was just refused by (see
 * `InstanceHealth`); a request refused by one goes to the next.
 */
export async function registerProxies(app: App, ctx: GatewayContext): Promise<void> {
  const forwarding = forwardingFor(ctx.config.publicUrl, [ctx.cookies.session, ctx.cookies.preAuth]);
  const { timeoutMs, connectTimeoutMs } = ctx.config.proxy;

  for (const service of SERVICE_NAMES) {
    const routes = routesOf(service);
    const instances = ctx.config.upstreams[service];
    // One instance: a fixed upstream, one pool, nothing to skip or fail over to. Several: no fixed
    // upstream, each request and each upgrade asks the picker (http-proxy's getUpstream, which its
    // websocket side uses too), and HTTP requests go through the failover handler.
    const health = instances.length > 1 ? new InstanceHealth(service, ctx.logger) : null;
    const pick = health ? roundRobin(instances, health.isUp) : null;
    const onError = replyUpstreamFailure(service);
    const common = {
      upstream: pick ? '' : instances[0]!,
      routes: routes.flatMap((r) => [r.prefix, `${r.prefix}/*`]),
      disableRequestLogging: true,
      // Services redirect with full paths already; nothing to rewrite.
      internalRewriteLocationHeader: false,
      ...(health && pick ? { handler: failoverHandler(pick, health, sendUpstreamBody, onError) } : {}),
      undici: {
        connections: 128,
        pipelining: 1,
        // Below the services' own keep-alive (Fastify's 72 s), so the gateway closes idle sockets first.
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 60_000,
        connect: { timeout: connectTimeoutMs },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      replyOptions: {
        rewriteRequestHeaders: ((req, headers) => upstreamHeaders(req, headers, forwarding)) satisfies FastifyReplyFromHooks['rewriteRequestHeaders'],
        onError,
        retryDelay: retryStaleConnection,
        onResponse: sendUpstreamBody,
        ...(pick ? { getUpstream: pick } : {}),
      },
    };
    if (routes.some((r) => r.kind === 'socket')) {
      const wsClientOptions: WsClientOptions = {
        handshakeTimeout: timeoutMs,
        maxPayload: WS_MAX_PAYLOAD,
        rewriteRequestHeaders: (_headers, req) => upstreamWebsocketHeaders(req, forwarding),
      };
      await app.register(httpProxy, {
        ...common,
        websocket: true,
        wsServerOptions: { maxPayload: WS_MAX_PAYLOAD },
        wsClientOptions,
      });
    } else {
      await app.register(httpProxy, common);
    }
  }
}

/**
 * Retries once, at once, an idempotent request whose pooled connection the service had just closed
 * (it restarted, or its keep-alive ran out). Never a refused connection (the service is down, and
 * the 503 must be quick) and never a 503 answer (the service meant it).
 */
function retryStaleConnection({ err, req, attempt }: RetryDetails): number | null {
  const code = (err as NodeJS.ErrnoException | null | undefined)?.code;
  const idempotent = req.method === 'GET' || req.method === 'HEAD';
  return idempotent && attempt === 0 && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') ? 1 : null;
}
