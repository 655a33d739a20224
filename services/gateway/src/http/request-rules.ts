import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { AppError, BodyTooLargeError, ForbiddenError, REQUEST_BODY_LIMIT } from '@freemarket/kit';
import { isServerCallback } from './path-kind.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * ARCHITECTURE §3.3 for `/api/*`. A browser attaches an Origin to every cross-site write and a
 * Sec-Fetch-Site to every request, so between them a forged write from another site is caught; and
 * since a form, multipart or text/plain body is what a page can send without a CORS preflight,
 * refusing anything but JSON closes the rest. GETs change nothing, so they pass; `/api/logout` is a
 * GET that can end only the caller's own session, and refuses cross-site navigations anyway.
 */
export function checkRequestRules(method: string, url: string, headers: IncomingHttpHeaders, publicOrigin: string): void {
  if (!STATE_CHANGING.has(method)) return;
  if (!isServerCallback(url)) checkSameOrigin(headers, publicOrigin);
  checkJsonBody(headers);
}

/** Refuses a request another site's page started; requests without either header (curl, servers) pass. */
export function checkSameOrigin(headers: IncomingHttpHeaders, publicOrigin: string): void {
  const origin = headers.origin;
  if (origin !== undefined && origin !== publicOrigin) throw new ForbiddenError('Forbidden: cross-origin request refused');
  if (headers['sec-fetch-site'] === 'cross-site') throw new ForbiddenError('Forbidden: cross-site request refused');
}

function checkJsonBody(headers: IncomingHttpHeaders): void {
  const contentType = headers['content-type'];
  if (contentType === undefined) {
    if (hasBody(headers)) throw unsupported();
    return;
  }
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') throw unsupported();
}

/** The request says a body follows (a length other than 0, or a transfer encoding). */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

function unsupported(): AppError {
  return new AppError(415, 'Unsupported Media Type: send JSON (content-type: application/json)');
}

/**
 * A signed-in member's body over the services' limit is refused here: a service refusing it closes
 * the connection while the gateway is still sending, which would surface as a 502. (A signed-out
 * caller's goes on, to get the service's 401: identity is judged before input.) The connection is
 * closed after the answer, as Fastify does for its own 413, so the upload is not read to its end.
 */
export function checkBodySize(headers: IncomingHttpHeaders, reply: FastifyReply): void {
  const length = headers['content-length'];
  if (length === undefined || Number(length) <= REQUEST_BODY_LIMIT) return;
  reply.header('connection', 'close');
  throw new BodyTooLargeError();
}
