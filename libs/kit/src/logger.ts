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
   * Write to stdout in batches instead of one write per line: lines are written once BUFFER_BYTES
   * have gathered or every FLUSH_INTERVAL_MS, and the rest when the process exits (normally, by
   * process.exit or after a signal handler). A SIGKILL loses at most the last quarter second of lines.
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
 * stdout fed by `LineBatch`; the timer hands on the lines of a quiet process, and is unref'd so it
 * never keeps one alive. The lines still held are written when the process exits, normally or by
 * process.exit (after a signal handler too).
 */
function bufferedStdout(): DestinationStream {
  const batch = new LineBatch(new SonicBoom({ fd: 1, sync: true }));
  const timer = setInterval(() => batch.handOn(), FLUSH_INTERVAL_MS);
  timer.unref();
  process.once('exit', () => batch.handOn());
  return batch;
}

/**
 * Gathers log lines in an array and writes them as one string per BUFFER_BYTES, synchronously, as
 * Node writes to stdout itself (and to a pipe on Linux): one system call for many lines, and no
 * round trip through the thread pool per write. Not sonic-boom's own `minLength`: that appends each
 * line to its pending string and then measures the string's UTF-8 length, which flattens it, so every
 * line copied the whole pending buffer again (docs/benchmarks.md, ## Gateway).
 * sonic-boom still does the writing: it retries a write the pipe was too full to take (EAGAIN).
 */
export class LineBatch implements DestinationStream {
  private lines: string[] = [];
  private length = 0;
  private failed = false;

  constructor(private readonly sink: SonicBoom) {
    // stdout closed under us (EPIPE, say): logging stops, the process goes on.
    sink.on('error', () => {
      this.failed = true;
      this.lines = [];
    });
  }

  write(line: string): void {
    if (this.failed) return;
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= BUFFER_BYTES) this.handOn();
  }

  /** Writes the gathered lines now. */
  handOn(): void {
    if (this.lines.length === 0 || this.failed) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.length = 0;
    try {
      this.sink.write(text);
    } catch {
      // Destroyed already (at exit): nothing more can be written.
      this.failed = true;
    }
  }

  /** `logger.flush(cb)`: everything logged so far is written before it calls back. */
  flush(callback?: (err?: Error) => void): void {
    this.handOn();
    callback?.();
  }
}
