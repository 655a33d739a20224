/**
 * Preloaded with `--import @freemarket/kit/telemetry` so instrumentation is in place before
 * http and pg are first loaded. Service code never reads OTEL_* itself.
 */
import { startTelemetry } from './telemetry.js';

const stop = await startTelemetry(process.env.OTEL_SERVICE_NAME ?? 'freemarket');
if (stop) process.once('beforeExit', () => void stop());
