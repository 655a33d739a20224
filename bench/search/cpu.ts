import { readFile } from 'node:fs/promises';
import type pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat (100 on Linux). */
const HZ = 100;

async function cpuMs(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / HZ;
}

/**
 * CPU time the service process and its Postgres backends spend while `run` goes: what a request
 * costs whatever else the machine is doing. Backends are those connected to the benchmark database
 * from elsewhere than `client` (the service's pool).
 */
export async function measureCpu<T>(servicePid: number, client: pg.Client, database: string, run: () => Promise<T>): Promise<{ result: T; serviceMs: number; postgresMs: number }> {
  const backends = async () =>
    (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])).rows.map((r) => r.pid);
  const sample = async (pids: number[]) => new Map(await Promise.all(pids.map(async (pid) => [pid, await cpuMs(pid)] as const)));
  const before = await sample(await backends());
  const serviceBefore = (await cpuMs(servicePid)) ?? 0;
  const result = await run();
  const serviceAfter = (await cpuMs(servicePid)) ?? 0;
  const after = await sample([...new Set([...before.keys(), ...(await backends())])]);
  let postgresMs = 0;
  for (const [pid, ms] of after) if (ms !== null) postgresMs += ms - (before.get(pid) ?? 0);
  return { result, serviceMs: serviceAfter - serviceBefore, postgresMs };
}
