import type pg from 'pg';
import { procStat } from '../proc-stat.js';

/**
 * CPU time (ms) the service process and the Postgres backends connected to `database` spend while
 * `run` goes: what a request costs, which the machine's other load distorts far less than the
 * latencies. The probe's own backend is left out.
 */
export async function measureCpu<T>(servicePid: number, probe: pg.Client, database: string, run: () => Promise<T>): Promise<{ result: T; serviceMs: number; postgresMs: number }> {
  const backends = async () =>
    (await probe.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])).rows.map((r) => r.pid);
  const cpu = (pid: number) => procStat(pid)?.cpuMs ?? 0;
  const before = new Map((await backends()).map((pid) => [pid, cpu(pid)] as const));
  const serviceBefore = cpu(servicePid);
  const result = await run();
  const serviceMs = cpu(servicePid) - serviceBefore;
  let postgresMs = 0;
  for (const pid of new Set([...before.keys(), ...(await backends())])) {
    // A backend gone by now took its time with it; the service's pool stays connected throughout.
    const now = procStat(pid);
    if (now) postgresMs += now.cpuMs - (before.get(pid) ?? 0);
  }
  return { result, serviceMs, postgresMs };
}
