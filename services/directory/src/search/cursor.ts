import { z } from 'zod';
import type { SearchSort } from '@freemarket/contracts';
import { InvalidRequestError } from '@freemarket/kit';

/**
 * Keyset cursors of the profile lists: the sort key of the last row plus its id, so the next page
 * starts exactly after it whatever was inserted meanwhile. The sort is part of the cursor, and a
 * cursor of another sort is refused.
 */
export type SearchCursor =
  | { sort: 'name'; key: string | null; id: string }
  | { sort: 'rating'; key: string; id: string }
  | { sort: 'distance'; key: number; id: string };

const schema = z.discriminatedUnion('sort', [
  // A forged name key holding a NUL would reach Postgres, which cannot take one.
  z.object({ sort: z.literal('name'), key: z.string().refine((k) => !k.includes('\u0000')).nullable(), id: z.uuid() }),
  z.object({ sort: z.literal('rating'), key: z.string().regex(/^\d\.\d{2}$/), id: z.uuid() }),
  z.object({ sort: z.literal('distance'), key: z.number().nonnegative(), id: z.uuid() }),
]);

export function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Decodes a cursor for `sort`; anything else is a 400 naming the parameter. */
export function decodeSearchCursor(raw: string | undefined, sort: SearchSort): SearchCursor | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success || parsed.data.sort !== sort) throw new InvalidRequestError('querystring.cursor: is not a cursor of this list');
  return parsed.data;
}
