/** The one error type services throw; the error handler turns it into `{ message }` with its status. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class InvalidRequestError extends AppError {
  override name = 'InvalidRequestError';
  constructor(message = 'Bad Request', options?: { cause?: unknown }) {
    super(400, message, options);
  }
}

/** 401 always says 'Unauthorized': the web client's logout logic keys on it (spec 01 §8). */
export class AuthRequiredError extends AppError {
  override name = 'AuthRequiredError';
  constructor(options?: { cause?: unknown }) {
    super(401, 'Unauthorized', options);
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(message = 'Forbidden', options?: { cause?: unknown }) {
    super(403, message, options);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message = 'Not Found', options?: { cause?: unknown }) {
    super(404, message, options);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(message = 'Conflict', options?: { cause?: unknown }) {
    super(409, message, options);
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  constructor(message = 'Too Many Requests', options?: { cause?: unknown }) {
    super(429, message, options);
  }
}

export class UnavailableError extends AppError {
  override name = 'UnavailableError';
  constructor(message = 'Service Unavailable', options?: { cause?: unknown }) {
    super(503, message, options);
  }
}

/** The largest request body a service reads, unless its app says otherwise (the gateway refuses bigger ones first). */
export const REQUEST_BODY_LIMIT = 1024 * 1024;

export class BodyTooLargeError extends AppError {
  override name = 'BodyTooLargeError';
  constructor() {
    super(413, 'Request body is too large');
  }
}
