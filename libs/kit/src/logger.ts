import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { loggableUrl } from './loggable-url.js';
import { activeTraceId } from './telemetry.js';

export type { Logger };

/**
 * JSON logs to stdout, through pino's synchronous destination: a line is written when it is logged,
 * so no line is lost or reordered when the process stops or is killed (pino's own default stream is
 * asynchronous). Secrets that can ride on requests are redacted before they reach any sink: the
 * credential headers, and credentials in a logged `url` (a private calendar address, the code and
 * state of a sign-in callback; see loggable-url.ts), which every request line carries.
 */
export function createLogger(
  name: string,
  level: string = 'info',
  options: LoggerOptions = {},
  destination: DestinationStream = pino.destination({ dest: 1, sync: true }),
): Logger {
  const settings: LoggerOptions = {
    name,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-freemarket-identity"]', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: { url: (url: unknown) => (typeof url === 'string' ? loggableUrl(url) : url) },
    // Joins log lines to traces when tracing is on; costs one lookup per line otherwise.
    mixin() {
      const traceId = activeTraceId();
      return traceId ? { trace_id: traceId } : {};
    },
    ...options,
  };
  return pino(settings, destination);
}
