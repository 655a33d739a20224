import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { olderThan } from '@freemarket/db';
import { readCursor } from '@freemarket/kit';

export type Page<T> = { items: T[]; nextCursor: string | null };

/** The rows after the list's `cursor` in newest-first order; a cursor no list gave out is a 400 (the kit's `readCursor`). */
export function olderThanCursor(table: { createdAt: PgColumn; id: PgColumn }, cursor: string | undefined): SQL | undefined {
  const key = readCursor(cursor);
  return key && olderThan(table.createdAt, table.id, key);
}
