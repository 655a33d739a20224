import { TooManyRequestsError, type App } from '@freemarket/kit';

/** A 429 that knows when to come back: answered with a `Retry-After` header too. */
export class RateLimitedError extends TooManyRequestsError {
  override name = 'RateLimitedError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** `onError` runs before the kit's error handler, and headers set here survive into the answer. */
export function registerRetryAfter(app: App): void {
  app.addHook('onError', async (_req, reply, error) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
}
