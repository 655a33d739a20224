import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/**
 * Keyset pagination over (createdAt, id): an opaque cursor, stable under inserts. The column must
 * be `timestamp(3)` (millisecond precision) so a JS Date carries it exactly; with microseconds a
 * cursor would fall between rows and pages would repeat or skip.
 */
export interface TimeIdKey {
  createdAt: Date;
  id: string;
}

export function encodeCursor(key: TimeIdKey): string {
  return Buffer.from(`${key.createdAt.toISOString()}|${key.id}`).toString('base64url');
}

/**
 * Only what `encodeCursor` writes: a UTC time that reads back as itself (so no offset moves it to a
 * year Postgres refuses) from the year 1 on, and an id without NUL.
 */
const decoded = z.tuple([
  // The format check aborts, so the round trip below only ever sees a parseable time.
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, { abort: true }).refine((t) => !t.startsWith('0000') && !Number.isNaN(Date.parse(t)) && new Date(t).toISOString() === t),
  z.string().min(1).refine((id) => !id.includes('\u0000')),
]);

/** Returns null for a cursor that was not made by `encodeCursor`, which callers answer with 400. */
export function decodeCursor(cursor: string): TimeIdKey | null {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const parsed = decoded.safeParse(parts);
  if (!parsed.success) return null;
  return { createdAt: new Date(parsed.data[0]), id: parsed.data[1] };
}

/**
 * Given `limit + 1` rows, returns the page and the cursor of its last row when more follow. Rows
 * ordered by another time than `createdAt` (an event's date) name their key with `keyOf`.
 */
export function paginate<T extends TimeIdKey>(rows: T[], limit: number): { items: T[]; nextCursor: string | null };
export function paginate<T>(rows: T[], limit: number, keyOf: (row: T) => TimeIdKey): { items: T[]; nextCursor: string | null };
export function paginate<T>(rows: T[], limit: number, keyOf: (row: T) => TimeIdKey = (row) => row as TimeIdKey): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const key = last && keyOf(last);
  return { items, nextCursor: rows.length > limit && key ? encodeCursor(key) : null };
}

/** Rows after `key` in newest-first order: `(createdAt, id) < key`, which an index on (createdAt, id) serves. */
export function olderThan(createdAt: AnyColumn | SQL, id: AnyColumn | SQL, key: TimeIdKey): SQL {
  return sql`(${createdAt}, ${id}) < (${key.createdAt.toISOString()}::timestamptz, ${key.id}::uuid)`;
}

/** Rows after `key` in oldest-first order: `(createdAt, id) > key`. */
export function newerThan(createdAt: AnyColumn | SQL, id: AnyColumn | SQL, key: TimeIdKey): SQL {
  return sql`(${createdAt}, ${id}) > (${key.createdAt.toISOString()}::timestamptz, ${key.id}::uuid)`;
}
