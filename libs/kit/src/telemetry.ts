import { context, propagation, trace, type Context } from '@opentelemetry/api';

/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (the OTLP exporter reads the OTEL_*
 * variables itself); otherwise loads nothing, so an untraced service pays nothing for it.
 */
export async function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  // ESM modules are only patchable through the import-in-the-middle loader hook.
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [new HttpInstrumentation(), new PgInstrumentation()],
  });
  sdk.start();
  return () => sdk.shutdown();
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
