import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorBody } from '@freemarket/contracts';
import { isDatabaseUnavailable, rejectedValueReason } from '@freemarket/db';
import { AppError, AuthRequiredError, BodyTooLargeError, InvalidRequestError, REQUEST_BODY_LIMIT } from './errors.js';
import { IDENTITY_HEADER, type Actor, type AssertionVerifier } from './assertion.js';
import type { Logger } from './logger.js';
import { registerMetrics, type Metrics, type MetricsOptions } from './metrics.js';

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, Logger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The member the gateway vouched for, or null for an anonymous request. */
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /**
     * Only a signed-in member may call the route (`config: { memberOnly: true }`). Anyone else gets
     * 401 'Unauthorized' before the body is read or params, query and body are validated. Every
     * `/api/` and `/internal/` route of a service (an app with a verifier) must set it, `false` for a
     * public route; registration fails otherwise.
     */
    memberOnly?: boolean;
  }
}

/** A dependency `/readyz` checks: the database, the bus, Redis. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
  /**
   * Set when the instance still serves its requests while the dependency is down, saying what
   * happens meanwhile (the bus: events wait in the outbox). Its failure is reported, in `/readyz`'s
   * body and the `dependency_up` metric, but leaves the instance ready: taking every instance out of
   * its Service for a shared dependency's outage would turn a delay into the site being down.
   */
  whileDown?: string;
}

export interface CreateAppOptions {
  logger: Logger;
  /** Services verify the gateway's assertion; the gateway itself passes none. */
  verifier?: AssertionVerifier;
  readiness?: ReadinessCheck[];
  bodyLimit?: number;
  /**
   * Refuse text Postgres cannot store (a NUL character, or an unpaired UTF-16 surrogate, which
   * jsonb rejects) in params, query or JSON body with a 400 naming the field (default true). The
   * gateway, which forwards input unread, turns it off.
   */
  refuseNul?: boolean;
  metrics?: MetricsOptions;
}

/** The caller's `x-request-id` when it is a sane token (the gateway's, or a client's own), else a new one. */
export function requestIdFor(headers: IncomingHttpHeaders): string {
  const inbound = headers['x-request-id'];
  return typeof inbound === 'string' && /^[\w.-]{1,128}$/.test(inbound) ? inbound : randomUUID();
}

/** Paths of a service's API, whose routes must declare `memberOnly`. */
const API_PATH = /^\/(api|internal)\//;

/** The Fastify app every service starts from: logs, zod validation, one error shape, health. */
export function createApp(options: CreateAppOptions): App {
  const app = Fastify({
    loggerInstance: options.logger,
    genReqId: (req) => requestIdFor(req.headers),
    requestIdHeader: false,
    bodyLimit: options.bodyLimit ?? REQUEST_BODY_LIMIT,
    // One line per request, written by our onResponse hook, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // While the service drains, a request on a kept-alive connection is still served (with
    // `connection: close`) rather than answered 503: the gateway's pooled connections would relay it.
    return503OnClosing: false,
    // The router's own refusals (an undecodable path, a path segment over maxParamLength) in our shape too.
    // They are answered outside any route, so without the hooks: the request id and log line are added here.
    frameworkErrors: (error, req, reply) => {
      const { status, body } = toErrorResponse(error, req);
      req.log[status >= 500 ? 'error' : 'info']({ method: req.method, url: req.url, status, err: status >= 500 ? error : undefined }, 'request');
      void (reply as FastifyReply).header('x-request-id', req.id).status(status).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callback-style hooks: an async hook costs a promise and a microtask on every request.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    // A member's answers are theirs alone: no browser or proxy keeps a copy, unless a route says otherwise.
    if (req.routeOptions.config?.memberOnly === true && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info({ method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });

  if (options.refuseNul ?? true) {
    app.addHook('preValidation', (req, _reply, done) => {
      const found = unstorableField(req.params, 'params') ?? unstorableField(req.query, 'querystring') ?? (isParsedJson(req.body) ? unstorableField(req.body, 'body') : undefined);
      done(found ? new InvalidRequestError(`${found.field}: ${UNSTORABLE[found.kind]}`) : undefined);
    });
  }

  app.decorateRequest('actor', null);
  // Added to each memberOnly route rather than checked on every request, so public routes and the
  // gateway's proxy pay nothing; it also guards such a route in an app without a verifier (fails closed).
  const verifier = options.verifier;
  app.addHook('onRoute', (route) => {
    // A service's API route must say who may call it, so a new route cannot open itself by omission.
    if (verifier && API_PATH.test(route.url) && typeof route.config?.memberOnly !== 'boolean') {
      throw new Error(`${route.method} ${route.url}: say config.memberOnly (true, or false for a public route)`);
    }
    if (route.config?.memberOnly) route.onRequest = [...[route.onRequest ?? []].flat(), refuseAnonymous];
  });
  if (verifier) {
    app.addHook('onRequest', async (req) => {
      const token = req.headers[IDENTITY_HEADER];
      if (token === undefined) return;
      if (typeof token !== 'string') throw new AuthRequiredError();
      try {
        req.actor = await verifier.verify(token);
      } catch (cause) {
        req.log.warn({ err: cause }, 'identity assertion refused');
        throw new AuthRequiredError({ cause });
      }
    });
  }

  app.setErrorHandler((error, req, reply) => {
    const { status, body } = toErrorResponse(error as FastifyError, req);
    if (status >= 500 && status !== 503) req.log.error({ err: error }, 'request failed');
    else if (status === 503) req.log.warn({ err: error }, 'service unavailable');
    if (status === 503) reply.header('retry-after', '1');
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Not Found' } satisfies ErrorBody));

  registerHealth(app, options.readiness ?? [], registerMetrics(app, options.metrics));
  return app;
}

/**
 * Runs as a route's own onRequest hook, hence after the app's assertion check has set the actor.
 * Identity is judged before input because a signed-out caller must get the 401 the web client's
 * logout keys on (ARCHITECTURE §3), not a 400 about fields.
 */
const refuseAnonymous: onRequestHookHandler = async (req) => {
  if (!req.actor) throw new AuthRequiredError();
};

/** The signed-in member, or 401 'Unauthorized'. Routes calling it should be `memberOnly`. */
export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) {
    // Reaching here anonymously means the route validated a stranger's input before refusing them.
    if (!req.routeOptions.config.memberOnly) req.log.warn({ url: req.routeOptions.url }, 'route needs a member but is not memberOnly');
    throw new AuthRequiredError();
  }
  return req.actor;
}

/**
 * `/healthz` (alive), `/readyz` (200 while every dependency a request needs answers, 503 naming the
 * one that does not; a `whileDown` dependency's failure is named with 200) and `dependency_up`, the
 * `whileDown` checks run at scrape time, so an outage that leaves the instance ready still alerts.
 * (The others show as the instance not being ready; checking the database at every scrape would
 * also take a pooled connection and skew the pool's figures.)
 */
function registerHealth(app: App, checks: ReadinessCheck[], metrics: Metrics): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const results = await runChecks(checks);
    const ready = results.every(({ ok, check }) => ok || check.whileDown !== undefined);
    const states = results.map(({ ok, check, reason }) => [check.name, ok ? 'ok' : check.whileDown ? `${reason}; ${check.whileDown}` : reason] as const);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(states) });
  });
  const reported = checks.filter((check) => check.whileDown !== undefined);
  if (reported.length === 0) return;
  metrics.gauge({
    name: 'dependency_up',
    help: 'Whether a dependency the instance stays ready without (the bus) answers it (1) or not (0), checked at scrape time',
    labelNames: ['dependency'],
    read: async (set) => {
      for (const { ok, check } of await runChecks(reported)) set(ok ? 1 : 0, { dependency: check.name });
    },
  });
}

async function runChecks(checks: ReadinessCheck[]): Promise<{ check: ReadinessCheck; ok: boolean; reason: string }[]> {
  return Promise.all(
    checks.map(async (check) => {
      try {
        await withTimeout(check.check(), 2000);
        return { check, ok: true, reason: 'ok' };
      } catch (err) {
        return { check, ok: false, reason: err instanceof Error ? err.message : 'failed' };
      }
    }),
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A body a JSON parser made; a pass-through parser's body is the request stream, never walked. */
function isParsedJson(body: unknown): boolean {
  return body === null || typeof body !== 'object' || Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype;
}

const UNSTORABLE_DEPTH = 64;

/** Text Postgres cannot store: NUL in any text, a lone surrogate in jsonb (where events and answers live). */
const UNSTORABLE = { nul: 'must not contain the NUL character', surrogate: 'must be well-formed Unicode text (no unpaired surrogate)' } as const;
type Unstorable = keyof typeof UNSTORABLE;

function unstorableIn(text: string): Unstorable | undefined {
  if (text.includes('\u0000')) return 'nul';
  // With the u flag, \p{Cs} matches only a surrogate that is not half of a pair.
  return /\p{Cs}/u.test(text) ? 'surrogate' : undefined;
}

/** `part.a.0.b`, the field of parsed params, query or JSON first holding unstorable text, if any. */
function unstorableField(value: unknown, part: string): { field: string; kind: Unstorable } | undefined {
  const found = unstorablePath(value, 0);
  return found && { field: [part, ...found.path].join('.'), kind: found.kind };
}

/** The keys down to the first unstorable text; built on the way back from a hit, so a clean body costs no strings. */
function unstorablePath(value: unknown, depth: number): { path: string[]; kind: Unstorable } | undefined {
  if (typeof value === 'string') {
    const kind = unstorableIn(value);
    return kind && { path: [], kind };
  }
  if (value === null || typeof value !== 'object' || depth > UNSTORABLE_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePath(value[i], depth + 1);
      if (found) return { path: [String(i), ...found.path], kind: found.kind };
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const inKey = unstorableIn(key);
    if (inKey) return { path: [JSON.stringify(key).slice(1, -1)], kind: inKey };
    const found = unstorablePath((value as Record<string, unknown>)[key], depth + 1);
    if (found) return { path: [key, ...found.path], kind: found.kind };
  }
  return undefined;
}

/** Maps any error to the status and `{ message, issues? }` body the API promises (ARCHITECTURE §3). */
export function toErrorResponse(error: FastifyError, req: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.status, body: { message: error.message } };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'request';
    const issues = error.validation.map((v) => ({
      path: [context, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'is invalid',
    }));
    return { status: 400, body: { message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues } };
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: i.path.join('.') || '(root)', message: i.message }));
    return { status: 400, body: { message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues } };
  }
  if (isResponseSerializationError(error)) {
    req.log.error({ err: error.cause }, 'response did not match its schema');
    return { status: 500, body: { message: 'Internal Server Error' } };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: `body: ${error.message}` } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: 'Unsupported Media Type: send JSON' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: new BodyTooLargeError().message } };
  }
  const rejected = rejectedValueReason(error);
  if (rejected) {
    req.log.warn({ err: error }, 'the database refused a value from the request');
    return { status: 400, body: { message: `A value in the request cannot be used: ${rejected}` } };
  }
  // A status a 4xx already decided (e.g. a client that aborted its upload) stays the client's.
  const clientError = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
  if (!clientError && isDatabaseUnavailable(error)) {
    return { status: 503, body: { message: 'Service Unavailable: try again shortly' } };
  }
  if (error instanceof SyntaxError) return { status: 400, body: { message: `body: ${error.message}` } };
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return { status, body: { message: error.message } };
  if (status === 502 || status === 503 || status === 504) return { status, body: { message: error.message } };
  return { status: 500, body: { message: 'Internal Server Error' } };
}
