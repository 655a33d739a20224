import { z } from 'zod';
import { decodeCursor, type TimeIdKey } from '@freemarket/db';
import { InvalidRequestError } from '@freemarket/kit';

const rowId = z.uuid();

/** The key behind a `cursor` query parameter; a cursor we did not make is a 400, never a 500. */
export function readCursor(cursor: string | undefined): TimeIdKey | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor);
  if (!key || !rowId.safeParse(key.id).success) throw new InvalidRequestError('query.cursor: is not a cursor this list gave out');
  return key;
}
