import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@freemarket/db';

const dialect = new PgDialect();

/** A statement rendered once, run as a named prepared statement on whichever connection runs it. */
export interface PreparedStatement {
  execute<T extends Record<string, unknown> = Record<string, unknown>>(db: DbOrTx, values?: Record<string, unknown>): Promise<T[]>;
}

/**
 * Postgres parses and plans a named statement once per connection instead of on every call, and
 * the SQL text is rendered here once instead of by the query builder on every call. `query` takes
 * its values as `sql.placeholder(name)`; the name must be unique to this text.
 */
export function preparedStatement(name: string, query: SQL): PreparedStatement {
  const rendered = dialect.sqlToQuery(query);
  return {
    async execute<T extends Record<string, unknown>>(db: DbOrTx, values: Record<string, unknown> = {}): Promise<T[]> {
      const result = (await db._.session.prepareQuery(rendered, undefined, name, false).execute(values)) as { rows: T[] };
      return result.rows;
    },
  };
}
