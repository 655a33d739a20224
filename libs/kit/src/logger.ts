import { pino, type Logger, type LoggerOptions } from 'pino';
import { activeTraceId } from './telemetry.js';

export type { Logger };

/**
 * JSON logs to stdout, through pino's synchronous destination: a line is written when it is logged,
 * so no line is lost or reordered when the process stops or is killed (pino's own default stream is
 * asynchronous). Secrets that can ride on requests are redacted before they reach any sink.
 */
export function createLogger(name: string, level: string = 'info', options: LoggerOptions = {}): Logger {
  const settings: LoggerOptions = {
    name,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-freemarket-identity"]', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    // Joins log lines to traces when tracing is on; costs one lookup per line otherwise.
    mixin() {
      const traceId = activeTraceId();
      return traceId ? { trace_id: traceId } : {};
    },
    ...options,
  };
  return pino(settings, pino.destination({ dest: 1, sync: true }));
}
