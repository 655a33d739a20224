import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor, type TimeIdKey } from '@freemarket/db';
import { InvalidRequestError } from '@freemarket/kit';
import { isUuid } from './uuid.js';

export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * Keyset paging over (createdAt, id) with libs/db's cursor: the rows after `cursor` in the list's
 * direction. A cursor that libs/db did not make is a 400 naming the parameter.
 */
export function pageAfter(table: { createdAt: PgColumn; id: PgColumn }, cursor: string | undefined, direction: 'asc' | 'desc'): SQL | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor);
  if (!key || !isUuid(key.id)) throw new InvalidRequestError('querystring.cursor: is not a cursor of this list');
  const beyond = direction === 'desc' ? lt : gt;
  return or(beyond(table.createdAt, key.createdAt), and(eq(table.createdAt, key.createdAt), beyond(table.id, key.id)));
}

/** Given `limit + 1` rows, the page and the cursor of its last row when more follow. */
export function timeIdPage<T>(rows: T[], limit: number, keyOf: (row: T) => TimeIdKey): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
