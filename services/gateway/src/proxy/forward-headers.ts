import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { IDENTITY_HEADER, currentTraceparent } from '@freemarket/kit';
import '../http/request-state.js';

/**
 * Meaningful for one connection only (RFC 9110 §7.6.1), plus `host`, which undici sets for the
 * upstream, and `expect`: the gateway reads the body itself, and undici refuses `100-continue`.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'http2-settings', 'host', 'expect']);

/** What the gateway says itself on every forwarded request, whatever the browser sent under these names. */
const SET_BY_GATEWAY = new Set([IDENTITY_HEADER, 'x-request-id', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']);

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
 * Headers for a proxied HTTP request, as undici's flat `[name, value, …]` list: the inbound
 * end-to-end headers (identity claims from outside were already dropped by the request pipeline)
 * less the gateway's own cookies, then the gateway's assertion and correlation headers. The inbound
 * `traceparent` passes through, or is replaced by the gateway's own span when tracing is on (the
 * upstream client, undici, is not instrumented, so the hop would otherwise drop out of the trace).
 * Built in one pass with no `delete`: a headers object with a property deleted turns into a
 * dictionary, and undici's check for an iterator on it then missed its inline cache on every
 * request (docs/benchmarks.md, ## Gateway).
 */
export function upstreamHeaders(req: ForwardedRequest, forwarding: Forwarding, traceparent = currentTraceparent()): string[] {
  const inbound = req.headers;
  const listed = connectionListed(inbound);
  const list: string[] = [];
  for (const name in inbound) {
    const value = inbound[name];
    if (value === undefined || !isEndToEnd(name, listed) || SET_BY_GATEWAY.has(name) || (traceparent && name === 'traceparent')) continue;
    if (name === 'cookie') {
      const kept = withoutCookies(value as string, forwarding.gatewayCookies);
      if (kept) list.push(name, kept);
    } else if (typeof value === 'string') list.push(name, value);
    else for (const each of value) list.push(name, each);
  }
  if (req.identityAssertion) list.push(IDENTITY_HEADER, req.identityAssertion);
  list.push('x-request-id', req.id, 'x-forwarded-for', req.ip, 'x-forwarded-proto', forwarding.proto, 'x-forwarded-host', forwarding.host);
  if (traceparent) list.push('traceparent', traceparent);
  return list;
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

function withoutCookies(header: string, names: ReadonlySet<string>): string | undefined {
  const kept = header.split(';').filter((pair) => {
    const eq = pair.indexOf('=');
    return !names.has((eq === -1 ? pair : pair.slice(0, eq)).trim());
  });
  return kept.length === 0 ? undefined : kept.map((p) => p.trim()).join('; ');
}

/** A copy without hop-by-hop headers, nor any the `Connection` header names. */
export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const listed = connectionListed(headers);
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (isEndToEnd(name, listed)) kept[name] = headers[name];
  }
  return kept;
}

function isEndToEnd(name: string, connectionListed: string[] | undefined): boolean {
  return !HOP_BY_HOP.has(name) && !connectionListed?.includes(name);
}

/** The header names a `Connection` header lists (hop-by-hop too), if it lists any. */
function connectionListed(headers: IncomingHttpHeaders): string[] | undefined {
  return typeof headers.connection === 'string' ? headers.connection.toLowerCase().split(',').map((n) => n.trim()) : undefined;
}
