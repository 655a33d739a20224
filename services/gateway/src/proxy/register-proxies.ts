import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyRequest, HTTPMethods } from 'fastify';
import type { App, Logger } from '@freemarket/kit';
import type { GatewayConfig } from '../config.js';
import type { GatewayContext } from '../context.js';
import { upstreamWebsocketHeaders, type Forwarding } from './forward-headers.js';
import { SERVICE_NAMES, routesOf, type ServiceName } from './routing-table.js';
import { ServiceForwarder } from './service-forwarder.js';
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

const HTTP_METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/** One `ServiceForwarder` per service, each with one keep-alive pool per instance. */
export function createForwarders(config: GatewayConfig, forwarding: Forwarding, logger: Logger): ReadonlyMap<ServiceName, ServiceForwarder> {
  return new Map(SERVICE_NAMES.map((service) => [service, new ServiceForwarder(service, config.upstreams[service], config.proxy, forwarding, logger)]));
}

/**
 * The service's forwarder (`ctx.forwarders`) carries every HTTP request of every prefix the routing
 * table gives it. The websocket upgrade of socket.io is
 * @fastify/http-proxy's, which hands the HTTP requests of that prefix (socket.io's polling
 * transport) to the same forwarder. Request bodies are not parsed: they stream through as they came.
 */
export async function registerProxies(app: App, ctx: GatewayContext): Promise<void> {
  const forwarding = ctx.forwarding;
  for (const service of SERVICE_NAMES) {
    const instances = ctx.config.upstreams[service];
    const forwarder = ctx.forwarders.get(service)!;
    const routes = routesOf(service);
    const httpPrefixes = routes.filter((r) => r.kind !== 'socket').map((r) => r.prefix);

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      for (const prefix of httpPrefixes) {
        for (const url of [prefix, `${prefix}/*`]) {
          // Hidden from the API description: the services describe what lies behind each prefix.
          scope.route({ method: HTTP_METHODS, url, exposeHeadRoute: false, schema: { hide: true }, handler: (req, reply) => forwarder.forward(req, reply) });
        }
      }
    });

    for (const socket of routes.filter((r) => r.kind === 'socket')) {
      const wsClientOptions: WsClientOptions = {
        handshakeTimeout: ctx.config.proxy.timeoutMs,
        maxPayload: WS_MAX_PAYLOAD,
        rewriteRequestHeaders: (_headers, req) => upstreamWebsocketHeaders(req, forwarding),
      };
      // With several instances there is no fixed upstream: each upgrade asks the forwarder's picker
      // (http-proxy's getUpstream), and so does each polling request, which then goes to that instance.
      const several = instances.length > 1;
      // A scope without Fastify's own parsers, so http-proxy's pass-through parsers get every body
      // (socket.io polls with text/plain) and the forwarder streams it on.
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        if (several) {
          // An upgrade goes to an instance that takes connections now (the forwarder's `reachableInstance`).
          scope.addHook('preHandler', async (req, reply) => {
            if (req.headers.upgrade === undefined) return;
            try {
              req.socketUpstream = await forwarder.reachableInstance();
            } catch (err) {
              const { status, body } = forwarder.failure(req.log, err as Error);
              return reply.code(status).send(body);
            }
          });
        }
        await scope.register(httpProxy, {
          upstream: several ? '' : instances[0]!,
          routes: [socket.prefix, `${socket.prefix}/*`],
          disableRequestLogging: true,
          websocket: true,
          wsServerOptions: { maxPayload: WS_MAX_PAYLOAD },
          wsClientOptions,
          handler: (req, reply, _dest, options) => forwarder.forward(req, reply, options.getUpstream?.(req, '')),
          ...(several ? { replyOptions: { getUpstream: (req) => req.socketUpstream ?? forwarder.pick() } } : {}),
        });
      });
    }
  }
}
