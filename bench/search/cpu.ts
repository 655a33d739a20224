import type pg from 'pg';
import { procStat, type ProcStat } from '../proc-stat.js';

export interface Spent {
  serviceMs: number;
  postgresMs: number;
  /** Minor page faults of the service and of the Postgres backends (see bench/machine.ts). */
  serviceFaults: number;
  postgresFaults: number;
}

/**
 * CPU time and page faults the service process and its Postgres backends spend while `run` goes:
 * what a request costs whatever else the machine is doing. Backends are those connected to the
 * benchmark database from elsewhere than `client` (the service's pool).
 */
export async function measureCpu<T>(servicePid: number, client: pg.Client, database: string, run: () => Promise<T>): Promise<{ result: T } & Spent> {
  const backends = async () =>
    (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])).rows.map((r) => r.pid);
  const sample = (pids: number[]) => new Map(pids.map((pid) => [pid, procStat(pid)] as const));
  const zero: ProcStat = { cpuMs: 0, minorFaults: 0, rssBytes: 0 };
  const before = sample(await backends());
  const serviceBefore = procStat(servicePid) ?? zero;
  const result = await run();
  const serviceAfter = procStat(servicePid) ?? zero;
  const after = sample([...new Set([...before.keys(), ...(await backends())])]);
  let postgresMs = 0;
  let postgresFaults = 0;
  for (const [pid, stat] of after) {
    if (!stat) continue;
    const earlier = before.get(pid) ?? zero;
    postgresMs += stat.cpuMs - earlier.cpuMs;
    postgresFaults += stat.minorFaults - earlier.minorFaults;
  }
  return {
    result,
    serviceMs: serviceAfter.cpuMs - serviceBefore.cpuMs,
    postgresMs,
    serviceFaults: serviceAfter.minorFaults - serviceBefore.minorFaults,
    postgresFaults,
  };
}
