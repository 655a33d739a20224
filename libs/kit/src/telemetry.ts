import { context, propagation, trace, type Context } from '@opentelemetry/api';
import { redactedIncomingUrl, redactFastifyRequestSpan } from './span-urls.js';

/** What the instrumentations below patch (http and pg, and fastify for @fastify/otel). */
const INSTRUMENTED_MODULES = ['http', 'https', 'node:http', 'node:https', 'pg', 'fastify'];

/** Probes and scrapes: many a minute, and nothing to follow in a trace. */
const UNTRACED_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter, the batch processor and
 * the resource read the other OTEL_* variables themselves); otherwise loads nothing, so an
 * untraced service pays nothing for it. Traces only: the tracer provider, not the whole NodeSDK,
 * whose metrics and logs pipelines and their exporters would be loaded for nothing at each start.
 */
export async function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  // ESM imports are only patchable through the import-in-the-middle loader hook; it wraps only the
  // modules instrumented here.
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: INSTRUMENTED_MODULES } });
  const [{ NodeTracerProvider, BatchSpanProcessor }, { detectResources, envDetector, resourceFromAttributes }, { registerInstrumentations }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (an instance's id, say) joins the service's name.
    resource: resourceFromAttributes({ 'service.name': serviceName }).merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    // Fastify's own instrumentation names each request's server span by its route ('POST /api/reviews'),
    // with a span for the handler; none per hook, and none for probes and scrapes. Both record the
    // request's address, with the credentials the logs leave out left out (loggable-url.ts).
    instrumentations: [
      new HttpInstrumentation({ startIncomingSpanHook: redactedIncomingUrl }),
      new PgInstrumentation(),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: (route) => UNTRACED_ROUTES.has(route.url ?? ''),
        requestHook: redactFastifyRequestSpan,
      }),
    ],
  });
  return () => provider.shutdown();
}

/** The W3C traceparent of the active span, to carry a trace across the bus; undefined when untraced. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `fn` inside the trace an event carried, so a consumer's work joins its producer's trace. */
export function withTraceparent<T>(traceparent: string | undefined, fn: () => T): T {
  if (!traceparent) return fn();
  const ctx: Context = propagation.extract(context.active(), { traceparent });
  return context.with(ctx, fn);
}

/** Trace id of the active span, for log lines. */
export function activeTraceId(): string | undefined {
  return trace.getActiveSpan()?.spanContext().traceId;
}
