import { resolve } from 'node:path';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { LocalDatabaseError, openPglite } from './pglite.js';

/** The one database type services write against, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
export type DbOrTx = Db | Tx;

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** Applies the committed drizzle-kit migrations of one service, recorded in that service's schema. */
  migrate(options: { migrationsFolder: string; schema: string }): Promise<void>;
  ping(): Promise<void>;
  /** The connection pool's use, for metrics; undefined for PGlite, which has one connection and no pool. */
  poolStats(): PoolStats | undefined;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /** `postgres://…`, `pglite:<dir>` or `pglite:memory`. */
  url: string;
  poolMax?: number;
  /** How long a query waits for a free pooled connection before failing (default 5 s). */
  connectTimeoutMs?: number;
  /**
   * Postgres settings for every connection (`-c name=value` at connect). An `options` parameter
   * in the URL replaces them all, so an operator can always override. PGlite ignores them.
   */
  sessionSettings?: Record<string, string>;
}

/** One connection factory: a real Postgres through node-postgres, or PGlite in process. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url.startsWith('pglite:')) {
    const location = options.url.slice('pglite:'.length);
    return openPgliteDatabase(await openPglite(location), location === 'memory' || location === '' ? undefined : resolve(location));
  }
  return openPostgresDatabase(options);
}

function openPostgresDatabase(options: DatabaseOptions): Database {
  const settings = Object.entries(options.sessionSettings ?? {}).map(([name, value]) => `-c ${name}=${value}`);
  const poolMax = options.poolMax ?? 10;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: poolMax,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async migrate({ migrationsFolder, schema }) {
      // Instances of one service may start together; an advisory lock lets one migrate at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder, migrationsSchema: schema, migrationsTable: '__migrations' });
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
    async close() {
      await pool.end();
    },
  };
}

/** `folder`: where the database lives on disk; undefined in memory. */
function openPgliteDatabase(client: PGlite, folder: string | undefined): Database {
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate({ migrationsFolder, schema }) {
      try {
        await migratePglite(drizzlePglite(client), { migrationsFolder, migrationsSchema: schema, migrationsTable: '__migrations' });
      } catch (cause) {
        // A folder on disk the developer can delete; an in-memory database's failure is a bug to see whole.
        throw folder ? new LocalDatabaseError(folder, 'migrate', cause) : cause;
      }
    },
    async ping() {
      await client.query('select 1');
    },
    poolStats: () => undefined,
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** Runs raw SQL and returns its rows on either engine (their result objects differ). */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { sql };
