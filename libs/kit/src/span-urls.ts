import type { Attributes, Span } from '@opentelemetry/api';
import type { IncomingMessage } from 'node:http';
import { loggableUrl, loggableUrlParts } from './loggable-url.js';

// The attributes of OpenTelemetry's stable HTTP conventions that hold the request's address, as
// the http instrumentation and @fastify/otel write them.
const URL_PATH = 'url.path';
const URL_QUERY = 'url.query';

/**
 * The http instrumentation's `startIncomingSpanHook`: the server span's path and query as the logs
 * keep them, in place of the instrumentation's own, before the span starts.
 */
export function redactedIncomingUrl(request: IncomingMessage): Attributes {
  const { path, query } = loggableUrlParts(request.url ?? '/');
  return query ? { [URL_PATH]: path || '/', [URL_QUERY]: query } : { [URL_PATH]: path || '/' };
}

/** @fastify/otel's `requestHook`: its request span keeps the whole target, query and all, in `url.path`. */
export function redactFastifyRequestSpan(span: Span, request: { url: string }): void {
  span.setAttribute(URL_PATH, loggableUrl(request.url));
}
