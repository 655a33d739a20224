import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/** Each table's name prefix, worked out once: `getTableConfig` builds the table's whole config on every call. */
const prefixes = new WeakMap<PgTable, string>();

/**
 * The name of a prepared statement on `table`. Postgres keeps prepared statements per connection
 * by name, so the name carries the schema and table: another service's table is another statement.
 */
export function statementName(table: PgTable, what: string): string {
  let prefix = prefixes.get(table);
  if (prefix === undefined) {
    const { schema, name } = getTableConfig(table);
    prefix = `${schema ?? 'public'}_${name}`;
    prefixes.set(table, prefix);
  }
  return `${prefix}_${what}`;
}
