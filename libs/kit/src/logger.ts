import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { activeTraceId } from './telemetry.js';

export type { Logger };

/** Bytes a buffered logger gathers before it writes; a write per many lines instead of one per line. */
const BUFFER_BYTES = 8 * 1024;
/** A buffered logger writes at least this often, so a quiet process's lines are never held for long. */
const FLUSH_INTERVAL_MS = 250;

export interface LoggerSettings extends LoggerOptions {
  /**
   * Write through an asynchronous, buffered destination on stdout instead of one synchronous write
   * per line: lines are written once BUFFER_BYTES have gathered or every FLUSH_INTERVAL_MS, and
   * flushed synchronously when the process exits (normally, by process.exit or after a signal
   * handler). A SIGKILL loses at most the last quarter second of lines.
   */
  buffered?: boolean;
}

/** JSON logs; secrets that can ride on requests are redacted before they reach any sink. */
export function createLogger(name: string, level: string = 'info', settings: LoggerSettings = {}): Logger {
  const { buffered = false, ...options } = settings;
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
  return buffered && level !== 'silent' ? pino(pinoOptions, bufferedStdout()) : pino(pinoOptions);
}

/**
 * stdout through sonic-boom with `sync: false` and a minimum write length. pino registers such a
 * destination to be flushed synchronously on `exit` (and drained on `beforeExit`); the timer covers
 * the lines of a quiet process, and is unref'd so it never keeps one alive.
 */
function bufferedStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES });
  const timer = setInterval(() => {
    // sonic-boom refuses flush() while it is still opening or already writing; the next tick retries.
    try {
      destination.flush();
    } catch {
      /* not ready yet */
    }
  }, FLUSH_INTERVAL_MS);
  timer.unref();
  destination.once('close', () => clearInterval(timer));
  return destination;
}
