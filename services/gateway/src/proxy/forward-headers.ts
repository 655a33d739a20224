import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { IDENTITY_HEADER, currentTraceparent } from '@freemarket/kit';
import '../http/request-state.js';

/**
 * Meaningful for one connection only (RFC 9110 §7.6.1), plus `host`, which undici sets for the
 * upstream, and `expect`: the gateway reads the body itself, and undici refuses `100-continue`.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'http2-settings', 'host', 'expect']);

/** What the gateway tells a service about the original request, beyond the request itself. */
export interface Forwarding {
  proto: string;
  host: string;
  /** The gateway's own cookies: services have no use for them, and logs should never see them. */
  gatewayCookies: ReadonlySet<string>;
}

/** The parts of a request forwarding reads (http-proxy hands its websocket hook a request of a wider server type). */
type ForwardedRequest = Pick<FastifyRequest, 'id' | 'ip' | 'headers' | 'identityAssertion'>;

export function forwardingFor(publicUrl: string, gatewayCookies: string[]): Forwarding {
  const url = new URL(publicUrl);
  return { proto: url.protocol.slice(0, -1), host: url.host, gatewayCookies: new Set(gatewayCookies) };
}

/**
 * Headers for a proxied HTTP request. Inbound identity claims were already dropped by the request
 * pipeline; here the gateway adds its own assertion and correlation headers. The inbound
 * `traceparent` passes through, or is replaced by the gateway's own span when tracing is on (the
 * upstream client, undici, is not instrumented, so the hop would otherwise drop out of the trace).
 */
export function upstreamHeaders(req: ForwardedRequest, headers: IncomingHttpHeaders, forwarding: Forwarding): IncomingHttpHeaders {
  const cookie = withoutCookies(headers.cookie, forwarding.gatewayCookies);
  if (cookie) headers.cookie = cookie;
  else delete headers.cookie;
  if (req.identityAssertion) headers[IDENTITY_HEADER] = req.identityAssertion;
  headers['x-request-id'] = req.id;
  headers['x-forwarded-for'] = req.ip;
  headers['x-forwarded-proto'] = forwarding.proto;
  headers['x-forwarded-host'] = forwarding.host;
  const traceparent = currentTraceparent();
  if (traceparent) headers.traceparent = traceparent;
  return headers;
}

/** Headers for the upstream leg of a websocket: only what the service needs, never the browser's cookies. */
export function upstreamWebsocketHeaders(req: ForwardedRequest, forwarding: Forwarding): Record<string, string> {
  const headers: Record<string, string> = {
    'x-request-id': req.id,
    'x-forwarded-for': req.ip,
    'x-forwarded-proto': forwarding.proto,
    'x-forwarded-host': forwarding.host,
  };
  if (req.identityAssertion) headers[IDENTITY_HEADER] = req.identityAssertion;
  for (const name of ['traceparent', 'tracestate', 'user-agent'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const traceparent = currentTraceparent();
  if (traceparent) headers.traceparent = traceparent;
  return headers;
}

function withoutCookies(header: string | undefined, names: ReadonlySet<string>): string | undefined {
  if (!header) return undefined;
  const kept = header.split(';').filter((pair) => {
    const eq = pair.indexOf('=');
    return !names.has((eq === -1 ? pair : pair.slice(0, eq)).trim());
  });
  return kept.length === 0 ? undefined : kept.map((p) => p.trim()).join('; ');
}

/** A copy without hop-by-hop headers, nor any the `Connection` header names. */
export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const listed = typeof headers.connection === 'string' ? headers.connection.toLowerCase().split(',').map((n) => n.trim()) : [];
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (!HOP_BY_HOP.has(name) && !listed.includes(name)) kept[name] = headers[name];
  }
  return kept;
}
