import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '@freemarket/db';

const dialect = new PgDialect();

interface NamedQueryClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
  totalCount: number;
}

/**
 * Runs a statement as a named prepared statement when the database is node-postgres, so each
 * pooled connection plans it once. Only for statements whose plan cannot go wrong when generic:
 * the KNN ones (ordered by distance alone, there is no other plan). PGlite runs it as usual.
 */
export async function preparedRows<T extends Record<string, unknown>>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!isPool(client)) return queryRows<T>(db, statement);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `directory_${createHash('sha1').update(text).digest('base64url')}`;
  return (await client.query({ name, text, values: params })).rows as T[];
}

function isPool(client: unknown): client is NamedQueryClient {
  return typeof client === 'object' && client !== null && 'totalCount' in client && typeof (client as { query?: unknown }).query === 'function';
}
