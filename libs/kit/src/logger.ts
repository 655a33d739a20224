import { pino, type Logger, type LoggerOptions } from 'pino';
import { activeTraceId } from './telemetry.js';

export type { Logger };

export interface LoggerSettings extends LoggerOptions {
  /**
   * stdout through pino's asynchronous destination: lines logged while a write is under way go out
   * together in the next, instead of one blocking write per line. pino writes what is left when the
   * process exits; a SIGKILL loses the lines not yet written.
   */
  asynchronous?: boolean;
}

/** JSON logs; secrets that can ride on requests are redacted before they reach any sink. */
export function createLogger(name: string, level: string = 'info', settings: LoggerSettings = {}): Logger {
  const { asynchronous = false, ...options } = settings;
  const pinoOptions: LoggerOptions = {
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
  return asynchronous && level !== 'silent' ? pino(pinoOptions, pino.destination({ dest: 1, sync: false })) : pino(pinoOptions);
}
