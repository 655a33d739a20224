import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@freemarket/db';

const dialect = new PgDialect();

/**
 * Runs raw SQL as a named prepared statement, so Postgres plans it once per connection instead of
 * on every call (a plan of the message-storing statement costs more than running it). The text
 * behind a name must never vary: pass variable lists as one array parameter.
 */
export async function queryPrepared<T extends Record<string, unknown>>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}
