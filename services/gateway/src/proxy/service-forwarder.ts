import { connect } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Pool, type Dispatcher } from 'undici';
import type { ErrorBody } from '@freemarket/contracts';
import { BodyTooLargeError, IDENTITY_HEADER, InvalidRequestError, REQUEST_BODY_LIMIT, UnavailableError, type Logger } from '@freemarket/kit';
import { AnswerReceiver, type UpstreamAnswer } from './answer-receiver.js';
import { AttemptBody } from './attempt-body.js';
import { endToEndHeaders, upstreamHeaders, type Forwarding } from './forward-headers.js';
import { InstanceHealth } from './instance-health.js';
import { isBodyTooLarge, limitedBody } from './limited-body.js';
import { roundRobin } from './round-robin.js';
import type { ServiceName } from './routing-table.js';
import { isUnreachable, upstreamFailure } from './upstream-errors.js';
import '../http/request-state.js';

export interface ForwarderOptions {
  /** No answer (headers, or the next piece of the body) within this long gives 504. */
  timeoutMs: number;
  connectTimeoutMs: number;
}

/** A request the gateway makes itself (`ServiceForwarder.call`). */
export interface ServiceCall {
  method?: 'GET' | 'PUT' | 'DELETE';
  /** The identity assertion the service sees. */
  identity?: string;
  /** Sent as JSON. */
  body?: unknown;
}

/** A service's answer to the gateway's own request; its body is read once, by one of the three. */
export interface ServiceAnswer {
  status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
  discard(): Promise<void>;
}

/** Larger (or unsized) answers stream through; smaller ones are collected and sent in one write. */
const MAX_COLLECTED_BYTES = 64 * 1024;

/**
 * Sends a service's HTTP requests to it over one undici keep-alive pool per instance, and relays the
 * answers. The gateway's own forwarder rather than @fastify/reply-from: reply-from's general
 * machinery (URL building, query re-encoding, retries, header rewriting hooks) cost as much CPU per
 * request as the rest of the hop together (docs/benchmarks.md, ## Gateway); this does only what the
 * gateway needs, through undici's `dispatch` (see `AnswerReceiver`). Paths are forwarded unchanged.
 * A service with several instances gets requests in turn, except on instances a connection was
 * just refused by (see `InstanceHealth`); a request nothing reached goes at once to the next
 * instance, whatever its method, and to one in its cool-down when every other has refused it (a
 * restarted instance is back before its cool-down ends).
 */
export class ServiceForwarder {
  private readonly pools = new Map<string, Pool>();
  private readonly health: InstanceHealth | null;
  private readonly connectTimeoutMs: number;
  /** The instance the next request goes to. */
  readonly pick: () => string;

  constructor(
    readonly service: ServiceName,
    private readonly instances: readonly string[],
    options: ForwarderOptions,
    readonly forwarding: Forwarding,
    logger: Logger,
  ) {
    for (const instance of instances) {
      this.pools.set(
        instance,
        new Pool(instance, {
          connections: 128,
          pipelining: 1,
          // Below the services' own keep-alive (Fastify's 72 s), so the gateway closes idle sockets first.
          keepAliveTimeout: 30_000,
          keepAliveMaxTimeout: 60_000,
          connect: { timeout: options.connectTimeoutMs },
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        }),
      );
    }
    this.connectTimeoutMs = options.connectTimeoutMs;
    this.health = instances.length > 1 ? new InstanceHealth(service, logger) : null;
    this.pick = this.health ? roundRobin(instances, this.health.isUp) : () => instances[0]!;
  }

  /**
   * Forwards the request (to `first` when the caller has picked the instance already) and relays
   * the answer, or answers 502/503/504 itself.
   */
  readonly forward = async (req: FastifyRequest, reply: FastifyReply, first?: string): Promise<FastifyReply> => {
    if (hasDotSegment(req.url)) throw new InvalidRequestError('Bad Request: the path may not leave its prefix');
    const body = requestBody(req);
    let answer: UpstreamAnswer;
    try {
      answer = await this.exchange(req.url, req.method as Dispatcher.HttpMethod, upstreamHeaders(req, this.forwarding), body, first);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        // As for a sized body (checkBodySize): the upload is not read to its end.
        reply.header('connection', 'close');
        throw err;
      }
      return this.fail(req.log, reply, err as Error);
    }
    if (!this.passStatus(reply, answer, body !== null && !req.raw.complete)) return this.fail(req.log, reply, new Error(`invalid status ${answer.statusCode}`));
    return reply.send(answer.body);
  };

  /**
   * Sends a request to an instance (`first`, or the next in turn) and resolves with its answer;
   * rejects with what stopped it, or with BodyTooLargeError when an unsized body ran over the limit
   * before anything was answered. A request nothing reached goes at once to the next instance that
   * is up; a GET or HEAD whose connection was closed before an answer goes again once, to another
   * instance when there are several.
   */
  async exchange(url: string, method: Dispatcher.HttpMethod, headers: string[], body: Readable | null, first?: string): Promise<UpstreamAnswer> {
    let instance = first ?? this.pick();
    const refused = new Set<string>();
    for (let attempt = 0; ; attempt++) {
      const sentAt = this.health?.now() ?? 0;
      const attemptBody = body && this.health ? new AttemptBody(body) : body;
      const receiver = new AnswerReceiver(MAX_COLLECTED_BYTES);
      try {
        this.pools.get(instance)!.dispatch(dispatchOptions(url, method, headers, attemptBody), receiver);
        const answer = await receiver.answer;
        this.health?.answered(instance, sentAt);
        return answer;
      } catch (err) {
        const error = err as Error;
        if (!receiver.started && isBodyTooLarge(error)) throw new BodyTooLargeError();
        if (receiver.started) {
          // It began to answer, then failed: nothing to retry, only a gateway error to give.
          this.health?.answered(instance, sentAt);
          throw error;
        }
        if (this.health && isUnreachable(error)) {
          this.health.connectFailed(instance);
          refused.add(instance);
          const next = this.notRefused(refused);
          const bodyUntouched = !(attemptBody instanceof AttemptBody) || !attemptBody.sending;
          if (next !== undefined && bodyUntouched) {
            instance = next;
            continue;
          }
        } else if (attempt === 0 && isReadOnly(method) && isStaleConnection(error)) {
          // The connection was closed under the request (the service died, restarted, or its
          // keep-alive ran out): a GET or HEAD goes again once, at once, to another instance if any.
          if (this.health) instance = this.notRefused(new Set([instance])) ?? instance;
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * The gateway's own request to its service (recording a member at sign-in, a member's export and
   * deletion, the API description): the same instances, turns and failover as forwarded requests.
   * `identity` is the assertion the service sees; a JSON `body` is sent as such. Rejects with 503
   * when no instance could be reached or answered.
   */
  async call(path: string, init: ServiceCall = {}): Promise<ServiceAnswer> {
    const headers = ['accept', 'application/json'];
    if (init.identity) headers.push(IDENTITY_HEADER, init.identity);
    const payload = init.body === undefined ? null : Buffer.from(JSON.stringify(init.body));
    if (payload) headers.push('content-type', 'application/json', 'content-length', String(payload.length));
    let answer: UpstreamAnswer;
    try {
      answer = await this.exchange(path, init.method ?? 'GET', headers, payload && Readable.from([payload]));
    } catch (cause) {
      throw new UnavailableError(`Service Unavailable: ${this.service} is not reachable`, { cause });
    }
    const text = async (): Promise<string> => (answer.body instanceof Readable ? Buffer.concat(await answer.body.toArray()) : answer.body).toString('utf8');
    return {
      status: answer.statusCode,
      text,
      json: async () => JSON.parse(await text()) as unknown,
      discard: async () => void (answer.body instanceof Readable && answer.body.destroy()),
    };
  }

  /**
   * An instance that accepts a connection now, for a /socket.io upgrade. The client's upgrade is
   * accepted before its upstream connects, and a socket.io client whose socket closes before the
   * first packet waits out its connect timeout (5 s) before trying again; one probe connection per
   * upgrade lets a refused instance be passed over (and marked down) instead. Rejects when every
   * instance refuses.
   */
  async reachableInstance(): Promise<string> {
    const refused = new Set<string>();
    for (let instance = this.pick(); ; ) {
      try {
        await probe(instance, this.connectTimeoutMs);
        return instance;
      } catch (err) {
        if (!this.health || !isUnreachable(err as Error)) throw err;
        this.health.connectFailed(instance);
        refused.add(instance);
        const next = this.notRefused(refused);
        if (next === undefined) throw err;
        instance = next;
      }
    }
  }

  /** Whether requests go to `instance`: not in a cool-down. A lone instance is never passed over. */
  isUp(instance: string): boolean {
    return this.health?.isUp(instance) ?? true;
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }

  /** The next instance in turn that has not refused this request, up or not: a refusal costs little. */
  private notRefused(refused: ReadonlySet<string>): string | undefined {
    const next = this.pick();
    return refused.has(next) ? this.instances.find((i) => !refused.has(i)) : next;
  }

  /** Copies the service's status and end-to-end headers; false when Fastify refuses the status. */
  private passStatus(reply: FastifyReply, answer: UpstreamAnswer, bodyUnread: boolean): boolean {
    try {
      reply.code(answer.statusCode);
    } catch {
      if (answer.body instanceof Readable) answer.body.destroy();
      return false;
    }
    reply.headers(endToEndHeaders(answer.headers));
    // An HTTP/1 connection cannot be reused until the request body has been read; the service
    // answered before that (a refusal, say), so the browser must not send more on this one.
    if (bodyUnread) reply.header('connection', 'close');
    return true;
  }

  private fail(log: FastifyBaseLogger, reply: FastifyReply, error: Error): FastifyReply {
    const { status, body } = this.failure(log, error);
    if (reply.sent) return reply;
    return reply.code(status).send(body);
  }

  /** The answer for a request the service did not answer (logged): 502, 503 or 504 naming it. */
  failure(log: FastifyBaseLogger, error: Error): { status: number; body: ErrorBody } {
    log.warn({ err: error, service: this.service }, 'upstream request failed');
    return upstreamFailure(this.service, error);
  }
}

/**
 * Every option undici's `Request` reads, the unused ones as undefined: that constructor reads them
 * all, and each one missing from the object is a lookup along the prototype chain that, at a call
 * site as busy as undici's, missed V8's inline cache on every request (docs/benchmarks.md, ## Gateway).
 */
function dispatchOptions(path: string, method: Dispatcher.HttpMethod, headers: string[], body: Readable | null): Dispatcher.DispatchOptions {
  return {
    path,
    method,
    body,
    headers,
    query: undefined,
    idempotent: undefined,
    blocking: undefined,
    upgrade: undefined,
    headersTimeout: undefined,
    bodyTimeout: undefined,
    reset: undefined,
    expectContinue: undefined,
    servername: undefined,
    throwOnError: undefined,
    maxRedirections: undefined,
    typeOfService: undefined,
  } as Dispatcher.DispatchOptions;
}

/**
 * The routes' scopes parse nothing, so a body is the request stream itself; anything else (a body
 * some parser read) is refused rather than silently dropped. A signed-in member's unsized body is
 * held to the services' limit on the way (a sized one was judged by `checkBodySize`); a signed-out
 * caller's goes on as it is, to get the service's 401.
 */
function requestBody(req: FastifyRequest): Readable | null {
  const body = req.body;
  if (body === undefined || body === null) return null;
  if (!(body instanceof Readable)) throw new Error('ServiceForwarder: the request body was parsed; forwarded routes must pass bodies through unparsed');
  return req.gatewaySession && req.headers['content-length'] === undefined ? limitedBody(body, REQUEST_BODY_LIMIT) : body;
}

/** `..` as a whole segment, plainly or percent-encoded, with `/` or `\` around it: a way out of the prefix. */
export function hasDotSegment(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  if (!path.includes('.') && !path.includes('%')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return /(?:^|[/\\])\.\.(?:[/\\]|$)/.test(decoded);
}

export function isReadOnly(method: string | undefined): method is 'GET' | 'HEAD' {
  return method === 'GET' || method === 'HEAD';
}

/** Resolves once a TCP connection to the instance opens (and closes it), or rejects as a refused or timed-out connect. */
function probe(instance: string, timeoutMs: number): Promise<void> {
  const url = new URL(instance);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
    socket.once('timeout', () => {
      // The code undici gives a connect that timed out, which `isUnreachable` knows.
      socket.destroy(Object.assign(new Error(`connecting to ${instance} timed out`), { code: 'UND_ERR_CONNECT_TIMEOUT' }));
    });
  });
}

function isStaleConnection(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}
