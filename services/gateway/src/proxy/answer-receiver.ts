import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** A service's answer as the gateway relays it. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The whole body when it was small (or there is none); otherwise the body as it streams in. */
  body: Buffer | Readable;
}

/** Answers that never have a body, whatever their headers say. */
const BODILESS_STATUSES = new Set([204, 304]);
const NO_BODY = Buffer.alloc(0);

/**
 * Receives one answer from an instance through undici's `dispatch`. An answer of at most
 * `maxCollectedBytes` (by its Content-Length), or one that has no body, is collected whole, so the
 * gateway can send headers and body in one write; a larger or unsized one is handed on as a stream
 * as soon as its headers are in, paced by the browser's reading. Cheaper per request than
 * `Pool.request`, which wraps every answer, however small, in a body stream and an async resource.
 */
export class AnswerReceiver implements Dispatcher.DispatchHandler {
  /**
   * Settles with the answer (collected, or streaming), or rejects with what stopped it; `started`
   * then tells whether the instance had begun to answer, and so whether the request reached it.
   */
  readonly answer: Promise<UpstreamAnswer>;
  started = false;
  private settle!: (answer: UpstreamAnswer) => void;
  private refuse!: (err: Error) => void;
  private statusCode = 0;
  private headers: IncomingHttpHeaders = {};
  private chunks: Buffer[] | null = null;
  private stream: Readable | null = null;
  /** The exchange is over: answered in full, or failed. */
  private over = false;

  constructor(private readonly maxCollectedBytes: number) {
    this.answer = new Promise<UpstreamAnswer>((resolve, reject) => {
      this.settle = resolve;
      this.refuse = reject;
    });
  }

  /** Nothing to do as the request goes out; its presence tells undici this handler speaks its current API. */
  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // 1xx: informational, the answer is still to come.
    if (statusCode < 200) return;
    this.started = true;
    this.statusCode = statusCode;
    this.headers = headers;
    if (BODILESS_STATUSES.has(statusCode) || Number(headers['content-length']) <= this.maxCollectedBytes) {
      this.chunks = [];
      return;
    }
    this.stream = new Readable({
      read: () => controller.resume(),
      destroy: (err, callback) => {
        // The browser went away (or the relay failed): stop reading the service's answer too.
        if (!this.over && !controller.aborted) controller.abort(err ?? new Error('the answer was not wanted any more'));
        callback(err);
      },
    });
    this.settle({ statusCode, headers, body: this.stream });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.chunks) this.chunks.push(chunk);
    else if (this.stream && !this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.over = true;
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    const chunks = this.chunks ?? [];
    const body = chunks.length === 0 ? NO_BODY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    this.settle({ statusCode: this.statusCode, headers: this.headers, body });
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.over = true;
    if (this.stream) {
      this.stream.destroy(err);
      return;
    }
    // A 304 may carry the Content-Length of the representation it stands for (RFC 9110 §8.6),
    // which undici takes for a body cut short; there is no body to lose.
    if (BODILESS_STATUSES.has(this.statusCode) && (err as NodeJS.ErrnoException).code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
      this.settle({ statusCode: this.statusCode, headers: this.headers, body: NO_BODY });
      return;
    }
    this.refuse(err);
  }
}
