/**
 * Preloaded with `--import @freemarket/kit/telemetry` so instrumentation is in place before
 * http and pg are first loaded. Service code never reads OTEL_* itself.
 */
import { startTelemetry } from './telemetry.js';

const stop = await startTelemetry(process.env.OTEL_SERVICE_NAME ?? 'freemarket');
// An exporter that cannot be reached at exit loses the last spans, and must not fail the exit.
if (stop) process.once('beforeExit', () => void stop().catch(() => undefined));
