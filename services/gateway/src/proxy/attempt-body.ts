import { Readable } from 'node:stream';

/**
 * The request body as one attempt sends it. undici destroys the body of a request that fails, and
 * that would leave nothing to send to the next instance; this view starts reading the request only
 * when undici starts sending (it has connected), and only from then passes a destroy on.
 */
export class AttemptBody extends Readable {
  sending = false;

  constructor(private readonly source: Readable) {
    super();
  }

  override _read(): void {
    if (this.source.destroyed) {
      // The upload broke off (or was cut) before undici began to send it: nothing will come.
      this.destroy(this.source.errored ?? new Error('the request body was closed before it was sent'));
      return;
    }
    if (!this.sending) {
      this.sending = true;
      this.source.on('data', this.onData).once('end', this.onEnd).once('error', this.onError);
    }
    this.source.resume();
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    this.source.off('data', this.onData).off('end', this.onEnd).off('error', this.onError);
    if (this.sending) this.source.destroy(err ?? undefined);
    callback(err);
  }

  private readonly onData = (chunk: Buffer) => {
    if (!this.push(chunk)) this.source.pause();
  };
  private readonly onEnd = () => this.push(null);
  private readonly onError = (err: Error) => this.destroy(err);
}
