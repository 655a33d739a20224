import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.js';

const dialect = new PgDialect();

/** A statement rendered once, run as a named prepared statement on whichever connection runs it. */
export interface PreparedStatement {
  execute<T extends Record<string, unknown> = Record<string, unknown>>(db: DbOrTx, values?: Record<string, unknown>): Promise<T[]>;
}

/**
 * Postgres parses and plans a named statement once per connection instead of on every call, and
 * the SQL text is rendered here once instead of by the query builder on every call. `query` takes
 * its values as `sql.placeholder(name)`; the name must be unique to this text. PGlite runs it as
 * an ordinary statement.
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

/**
 * Runs a statement built per call as a named prepared statement, named by its text unless a name
 * is given: each distinct text is planned once per connection. Only for statements whose plan
 * cannot go wrong when generic, and whose text takes a bounded number of shapes (pass variable
 * lists as one array parameter).
 */
export async function queryPrepared<T extends Record<string, unknown>>(db: DbOrTx, query: SQL, name?: string): Promise<T[]> {
  const rendered = dialect.sqlToQuery(query);
  const statementName = name ?? nameOf(rendered.sql);
  const result = (await db._.session.prepareQuery(rendered, undefined, statementName, false).execute()) as { rows: T[] };
  return result.rows;
}

/** Names by text, so a text is hashed once per process rather than on every call (2% of a search's CPU). */
const names = new Map<string, string>();
/** Far more than the shapes callers promise; past it the names are hashed on every call again. */
const MAX_NAMED = 10_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < MAX_NAMED) names.set(text, name);
  }
  return name;
}
