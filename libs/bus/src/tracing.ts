import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Envelope } from '@freemarket/contracts';

const tracer = trace.getTracer('@freemarket/bus');

/** The W3C traceparent of the active context; undefined when nothing is traced. */
function activeTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * Runs `fn` in a messaging span (`<event type> publish`, a producer span, or `<event type>
 * process`, a consumer span) whose parent is `parent`, the traceparent the event travels with.
 * `fn` receives the traceparent to pass on: the span's own, or `parent` when tracing is off.
 */
export function inMessagingSpan<T>(
  operation: 'publish' | 'process',
  event: Pick<Envelope, 'id' | 'type'>,
  subject: string,
  parent: string | undefined,
  fn: (traceparent: string | undefined) => Promise<T>,
): Promise<T> {
  const parentContext = parent ? propagation.extract(context.active(), { traceparent: parent }) : context.active();
  const options = {
    kind: operation === 'publish' ? SpanKind.PRODUCER : SpanKind.CONSUMER,
    attributes: { 'messaging.system': 'nats', 'messaging.operation.type': operation, 'messaging.destination.name': subject, 'messaging.message.id': event.id },
  };
  return tracer.startActiveSpan(`${event.type} ${operation}`, options, parentContext, async (span) => {
    try {
      return await fn(activeTraceparent() ?? parent);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
