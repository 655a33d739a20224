import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { requestIdFor, type App } from '@freemarket/kit';
import type { GatewayContext } from '../context.js';
import { dropInboundIdentity } from '../http/identity-headers.js';
import { pathOf } from '../http/path-kind.js';
import type { RateLimits } from '../http/rate-limits.js';
import { hasBody } from '../http/request-rules.js';
import { securityHeaders } from '../http/security-headers.js';
import { readCookie } from '../session/cookies.js';
import type { ActiveSession } from '../session/sessions.js';
import type { UpstreamAnswer } from './answer-receiver.js';
import { endToEndHeaders, upstreamHeaders } from './forward-headers.js';
import { apiServiceOf, type ServiceName } from './routing-table.js';
import { hasDotSegment, isReadOnly, type ServiceForwarder } from './service-forwarder.js';

/** What the lane keeps of a request it took, to answer and log it. */
interface Taken {
  id: string;
  method: 'GET' | 'HEAD';
  url: string;
  startedAt: number;
}

/**
 * Reads of the services' APIs (GET and HEAD under an `api` prefix) served straight from Node's HTTP
 * server, ahead of Fastify, when everything the request pipeline would decide is already at hand in
 * process: no session cookie or a cached session, a reusable assertion, and both rate budgets clear
 * without a word from Redis (`RateLimits.passNow`). Such a request gets what the Fastify path gives
 * it (security headers, request id, the same forwarding and answer, its log line, 502/503/504 from
 * the forwarder) for about a fifth less CPU, Fastify's request, reply, hooks and router being most
 * of a read's cost beyond the two sockets (docs/benchmarks.md, ## Gateway).
 * Everything else goes on to Fastify untouched: writes and their body rules, sessions to look up or
 * clear, the first request of a rate window and every refusal, socket.io, sign-in, the web app.
 */
export class DirectReads {
  private closing = false;
  private readonly hardening: Readonly<Record<string, string>>;

  constructor(
    readonly ctx: GatewayContext,
    private readonly limits: RateLimits,
    private readonly forwarders: ReadonlyMap<ServiceName, ServiceForwarder>,
  ) {
    this.hardening = securityHeaders(ctx.config.publicUrl);
  }

  /** Puts the lane in front of the app: each request Node's server receives comes here first. */
  static installIn(app: App, lane: DirectReads): void {
    const server = app.server;
    const [fastifyHandler] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    if (!fastifyHandler || server.listenerCount('request') !== 1) throw new Error('DirectReads: expected Fastify as the one request listener');
    server.removeListener('request', fastifyHandler);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      let served = false;
      try {
        served = lane.take(req, res);
      } catch (err) {
        // Nothing was sent yet (what throws comes before the request goes out): Fastify serves it,
        // and answers 500 through its error handler if the fault is its too.
        lane.ctx.logger.error({ err, url: req.url }, 'direct read failed; handed to Fastify');
      }
      if (!served) fastifyHandler.call(server, req, res);
    });
    // Fastify answers 503 to requests that arrive once it is closing; the lane hands them to it.
    app.addHook('preClose', (done) => {
      lane.close();
      done();
    });
  }

  /** From now on every request goes to Fastify, which answers 503 while it closes. */
  close(): void {
    this.closing = true;
  }

  /** Serves the request and returns true; or returns false, having changed nothing, for Fastify to serve it. */
  take(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (this.closing || !isReadOnly(method)) return false;
    const url = req.url!;
    const service = apiServiceOf(pathOf(url));
    const headers = req.headers;
    // A GET that declares a body is Fastify's, which judges its size (checkBodySize).
    if (service === undefined || headers.upgrade !== undefined || hasBody(headers) || hasDotSegment(url)) return false;
    let session: ActiveSession | null = null;
    let assertion: string | undefined;
    const sessionId = readCookie(headers.cookie, this.ctx.cookies.session);
    if (sessionId !== undefined) {
      // null (a junk or ended cookie, to be cleared) or undefined (to be looked up): Fastify's.
      const cached = this.ctx.sessions.cached(sessionId);
      if (!cached) return false;
      session = cached;
      assertion = this.ctx.signer.reusable({ userId: session.userId });
      if (assertion === undefined) return false;
    }
    const ip = req.socket.remoteAddress ?? '';
    // Last, as it counts the request when it lets it pass.
    if (!this.limits.passNow(ip, session, method, url)) return false;

    dropInboundIdentity(headers);
    const taken: Taken = { id: requestIdFor(headers), method, url, startedAt: performance.now() };
    const forwarder = this.forwarders.get(service)!;
    const upstream = upstreamHeaders({ id: taken.id, ip, headers, identityAssertion: assertion ?? null }, forwarder.forwarding);
    forwarder
      .exchange(url, method, upstream, null)
      .then((answer) => this.relay(res, taken, answer, forwarder))
      // Unanswered, or an answer that could not be relayed (a header Node refuses, say): 502/503/504.
      .catch((err: unknown) => this.fail(res, taken, forwarder, err instanceof Error ? err : new Error(String(err))))
      .catch((err: unknown) => {
        this.ctx.logger.error({ err, reqId: taken.id }, 'direct read failed');
        res.destroy();
      });
    return true;
  }

  /** As Fastify's `reply.send` relays a collected or streaming answer (see ServiceForwarder.forward). */
  private relay(res: ServerResponse, taken: Taken, answer: UpstreamAnswer, forwarder: ServiceForwarder): void {
    const { statusCode: status, body } = answer;
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      if (!Buffer.isBuffer(body)) body.destroy();
      return this.fail(res, taken, forwarder, new Error(`invalid status ${status}`));
    }
    const headers: OutgoingHttpHeaders = { ...this.hardening, ...endToEndHeaders(answer.headers), 'x-request-id': taken.id };
    if (status < 200 || status === 204) {
      // No body, nor the headers that would describe one (RFC 9110 §8.6).
      delete headers['content-type'];
      delete headers['content-length'];
      if (!Buffer.isBuffer(body)) body.resume();
      res.writeHead(status, headers).end();
      return this.logLine(taken, status);
    }
    if (!Buffer.isBuffer(body)) {
      try {
        res.writeHead(status, headers);
      } catch (err) {
        body.destroy();
        throw err;
      }
      // The browser going away destroys the answer's stream, which stops reading the service's.
      pipeline(body, res, (err) => this.logLine(taken, status, err ?? undefined));
      return;
    }
    headers['content-type'] ??= 'application/octet-stream';
    const length = headers['content-length'];
    // A HEAD answer keeps the length of the body it stands for.
    if (!length || (taken.method !== 'HEAD' && Number(length) !== body.length)) headers['content-length'] = String(body.length);
    res.writeHead(status, headers).end(body);
    this.logLine(taken, status);
  }

  private fail(res: ServerResponse, taken: Taken, forwarder: ServiceForwarder, error: Error): void {
    const { status, body } = forwarder.failure(this.ctx.logger.child({ reqId: taken.id }), error);
    if (res.headersSent) {
      res.destroy();
    } else {
      const json = JSON.stringify(body);
      res
        .writeHead(status, { ...this.hardening, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(json)), 'x-request-id': taken.id })
        .end(json);
    }
    this.logLine(taken, status);
  }

  /**
   * The kit's line for every request (createApp's onResponse hook), in the same shape; a streamed
   * answer cut short (the browser left, or the service failed half way) says so with its error.
   */
  private logLine(taken: Taken, status: number, err?: Error): void {
    const line = { reqId: taken.id, method: taken.method, url: taken.url, status, ms: Math.round(performance.now() - taken.startedAt) };
    if (err) this.ctx.logger.warn({ ...line, err }, 'request cut short');
    else this.ctx.logger.info(line, 'request');
  }
}
