import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/**
 * The name of a prepared statement on `table`. Postgres keeps prepared statements per connection
 * by name, so the name carries the schema and table: another service's table is another statement.
 */
export function statementName(table: PgTable, what: string): string {
  const { schema, name } = getTableConfig(table);
  return `${schema ?? 'public'}_${name}_${what}`;
}
