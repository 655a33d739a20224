import { Readable } from 'node:stream';
import type { FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyReplyFromHooks } from '@fastify/reply-from';
import type { InstanceHealth } from './instance-health.js';
import { isUnreachable } from './upstream-errors.js';

type ProxyHandler = NonNullable<FastifyHttpProxyOptions['handler']>;
type OnResponse = NonNullable<FastifyReplyFromHooks['onResponse']>;
type OnError = NonNullable<FastifyReplyFromHooks['onError']>;

/**
 * http-proxy's handler for a service with several instances. It sends the request to the instance
 * `getUpstream` picked; when that one cannot be reached, it marks it down and sends the request at
 * once to the next instance that is up. Nothing reached the first, so any method may go again.
 * reply-from cannot do this itself: it asks `getUpstream` once per `reply.from`, and its own
 * retries (`retryDelay`) go to the same URL.
 */
export function failoverHandler(pick: () => string, health: InstanceHealth, onResponse: OnResponse, onFailure: OnError): ProxyHandler {
  return (request, reply, dest, options) => {
    const body = request.body instanceof Readable ? request.body : null;
    const send = (instance: string): void => {
      const sentAt = health.now();
      const attemptBody = body && new AttemptBody(body);
      if (attemptBody) request.body = attemptBody;
      reply.from(dest, {
        ...options,
        getUpstream: () => instance,
        onResponse: (req, rep, answer) => {
          health.answered(instance, sentAt);
          onResponse(req, rep, answer);
        },
        onError: (rep, failure) => {
          if (isUnreachable(failure.error)) {
            health.connectFailed(instance);
            const next = pick();
            if (health.isUp(next) && !attemptBody?.sending) return send(next);
          }
          onFailure(rep, failure);
        },
      });
    };
    // http-proxy has asked the picker already, and passes its answer on as `getUpstream`.
    send(options.getUpstream!(request, ''));
    return reply;
  };
}

/**
 * The request body as one attempt sends it. undici destroys the body of a request that fails, and
 * that would leave nothing to send to the next instance; this view starts reading the request only
 * when undici starts sending (it has connected), and only from then passes a destroy on.
 */
class AttemptBody extends Readable {
  sending = false;

  constructor(private readonly source: Readable) {
    super();
  }

  override _read(): void {
    if (!this.sending) {
      this.sending = true;
      this.source.on('data', this.onData).once('end', this.onEnd).once('error', this.onError);
    }
    this.source.resume();
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    this.source.off('data', this.onData).off('end', this.onEnd).off('error', this.onError);
    if (this.sending) this.source.destroy(err ?? undefined);
    callback(err);
  }

  private readonly onData = (chunk: Buffer) => {
    if (!this.push(chunk)) this.source.pause();
  };
  private readonly onEnd = () => this.push(null);
  private readonly onError = (err: Error) => this.destroy(err);
}
