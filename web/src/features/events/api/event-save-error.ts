import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { EVENT_DATE_PASSED, INVALID_EVENT_DATE } from '../utils/constants';

/**
 * The server's refusal of a date that has passed, as the form shows it under its Date & Time field;
 * undefined for any other failure.
 */
export function pastDateRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || errorMessageOf(error) !== `body.eventDate: ${EVENT_DATE_PASSED}`) return undefined;
  return EVENT_DATE_PASSED.charAt(0).toUpperCase() + EVENT_DATE_PASSED.slice(1);
}

/**
 * A failed save's toast: none for a past date (the form shows it under the field), the spec's own
 * message for a date the server could not read (spec 02 §8), else `failureText`.
 */
export function eventSaveErrorText(failureText: string): (error: Error) => string | null {
  return (error) => {
    if (pastDateRefusal(error)) return null;
    return errorMessageOf(error).endsWith(INVALID_EVENT_DATE) ? INVALID_EVENT_DATE : failureText;
  };
}
