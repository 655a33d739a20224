import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { BodyTooLargeError } from '@freemarket/kit';

/**
 * An unsized (chunked) request body, cut off with `BodyTooLargeError` before its first byte past
 * `limit` goes on: the service then never sees an over-long body, so it cannot refuse it by closing
 * the connection mid-send (which the gateway could only report as a 502), and the gateway answers
 * 413 itself. A sized body needs none of this: its Content-Length is judged before it is forwarded.
 */
export function limitedBody(source: Readable, limit: number): Readable {
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) return callback(new BodyTooLargeError());
      callback(null, chunk);
    },
  });
  // An aborted upload ends this view too, so undici stops waiting for the rest. Whoever reads this
  // view learns of that from its state (AttemptBody) or its own listener (undici); until one
  // listens, an 'error' event nobody hears would end the process.
  source.once('error', (err) => limited.destroy(err));
  limited.on('error', () => undefined);
  limited.once('close', () => {
    // Whatever ended this view (the cut, or undici giving up), the upload is not read any further.
    if (!source.readableEnded) source.unpipe(limited);
  });
  return source.pipe(limited);
}

/** The cut, wherever undici carries it (as the error itself or as a cause). */
export function isBodyTooLarge(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof BodyTooLargeError) return true;
  }
  return false;
}
