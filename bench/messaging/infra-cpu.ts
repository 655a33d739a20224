import { readFile, readdir } from 'node:fs/promises';
import pg from 'pg';
import { procStat } from '../proc-stat.js';

/**
 * CPU time (ms) of the infrastructure processes: Postgres backends serving `database`, and the
 * whole redis-server and nats-server (shared with anything else using them at the time).
 */
export async function infraCpuMs(database: string): Promise<Record<string, number>> {
  const totals: Record<string, number> = { postgres: 0, redis: 0, nats: 0 };
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      const kind = cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `) ? 'postgres' : cmdline.includes('redis-server') ? 'redis' : cmdline.includes('nats-server') ? 'nats' : null;
      if (!kind) continue;
      totals[kind]! += procStat(Number(pid))?.cpuMs ?? 0;
    } catch {
      // The process ended while we looked.
    }
  }
  return totals;
}

/** Transactions committed and rolled back in `database` so far (pg_stat_database; flushed by each backend about once a second). */
export async function postgresTransactions(adminUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [database]);
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
