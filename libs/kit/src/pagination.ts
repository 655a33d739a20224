import { decodeCursor, type TimeIdKey } from '@freemarket/db';
import { InvalidRequestError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key behind a list's `cursor` parameter; a cursor no list of ours gave out is a 400 naming it, never a 500. */
export function readCursor(cursor: string | undefined): TimeIdKey | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor);
  // Our row ids are uuids; anything else in a cursor was not made by us.
  if (!key || !UUID.test(key.id)) throw new InvalidRequestError('querystring.cursor: is not a cursor of this list');
  return key;
}
