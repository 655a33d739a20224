import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import sonicBoom from 'sonic-boom';
import { activeTraceId } from './telemetry.js';

// A CommonJS module: its class is a property of the default export (no named export Node can see).
const { SonicBoom } = sonicBoom;
type SonicBoom = InstanceType<typeof SonicBoom>;

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
 * stdout through sonic-boom (asynchronous writes), fed by `LineBatch`; the timer hands on the lines
 * of a quiet process, and is unref'd so it never keeps one alive. The lines still held are written
 * synchronously when the process exits, normally or by process.exit (after a signal handler too).
 */
function bufferedStdout(): DestinationStream {
  const batch = new LineBatch(new SonicBoom({ fd: 1, sync: false }));
  const timer = setInterval(() => batch.handOn(), FLUSH_INTERVAL_MS);
  timer.unref();
  process.once('exit', () => batch.flushSync());
  return batch;
}

/**
 * Gathers log lines in an array and hands them to sonic-boom as one string per BUFFER_BYTES. Not
 * sonic-boom's own `minLength`: that appends each line to its pending string and then measures the
 * string's UTF-8 length, which flattens it, so every line copied the whole pending buffer again (up
 * to 16 KiB a line; docs/benchmarks.md, ## Gateway, sixteenth session).
 */
export class LineBatch implements DestinationStream {
  private lines: string[] = [];
  private length = 0;
  /** Lines have been handed on that sonic-boom has not finished writing ('drain' not yet heard). */
  private writing = false;
  private waiting: ((err?: Error) => void)[] = [];
  private failure: Error | null = null;

  constructor(private readonly sink: SonicBoom) {
    sink.on('drain', () => {
      this.writing = false;
      this.settle();
    });
    // stdout closed under us (EPIPE, say): logging stops, the process goes on.
    sink.on('error', (err: Error) => {
      this.failure ??= err;
      this.lines = [];
      this.settle();
    });
  }

  write(line: string): void {
    if (this.failure) return;
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= BUFFER_BYTES) this.handOn();
  }

  /** Hands the gathered lines on; sonic-boom writes them now, or as soon as its write under way is done. */
  handOn(): void {
    if (this.lines.length === 0 || this.failure) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.length = 0;
    this.writing = true;
    this.sink.write(text);
  }

  /** `logger.flush(cb)`: calls back once everything logged so far is written. */
  flush(callback?: (err?: Error) => void): void {
    this.handOn();
    if (!callback) return;
    if (this.writing && !this.failure) this.waiting.push(callback);
    else callback(this.failure ?? undefined);
  }

  /** At exit: writes what is held, and what sonic-boom holds, before returning. */
  flushSync(): void {
    this.handOn();
    if (this.failure) return;
    try {
      this.sink.flushSync();
    } catch {
      // Destroyed already: nothing more can be written at exit.
    }
  }

  private settle(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const callback of waiting) callback(this.failure ?? undefined);
  }
}
