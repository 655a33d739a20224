import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { capitalised } from '../../../lib/server-reason';
import { INVALID_EVENT_DATE } from '../utils/constants';

const DATE_REFUSAL = 'body.eventDate: ';

/**
 * The server's refusal of a date it read (one that has passed, one too far ahead), as the form shows
 * it under its Date & Time field; undefined for any other failure.
 */
export function dateRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const message = errorMessageOf(error);
  if (!message.startsWith(DATE_REFUSAL) || message.endsWith(INVALID_EVENT_DATE)) return undefined;
  return capitalised(message.slice(DATE_REFUSAL.length));
}

/**
 * A failed save's toast: none for a date refused (the form shows it under the field), the spec's own
 * message for a date the server could not read (spec 02 §8), else `failureText`.
 */
export function eventSaveErrorText(failureText: string): (error: Error) => string | null {
  return (error) => {
    if (dateRefusal(error)) return null;
    return errorMessageOf(error).endsWith(INVALID_EVENT_DATE) ? INVALID_EVENT_DATE : failureText;
  };
}
