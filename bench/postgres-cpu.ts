import type pg from 'pg';
import { procStat } from './proc-stat.js';

/**
 * CPU time (ms) the service process (when given) and the Postgres backends connected to `database`
 * spend while `run` goes: what a request costs, which the machine's other load distorts far less
 * than the rates. The probe's own backend is left out.
 */
export async function measureCpu<T>(servicePid: number | null, probe: pg.Client, database: string, run: () => Promise<T>): Promise<{ result: T; serviceMs: number; postgresMs: number }> {
  const backends = async () =>
    (await probe.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])).rows.map((r) => r.pid);
  const cpu = (pid: number) => procStat(pid)?.cpuMs ?? 0;
  const before = new Map((await backends()).map((pid) => [pid, cpu(pid)] as const));
  const serviceBefore = servicePid === null ? 0 : cpu(servicePid);
  const result = await run();
  const serviceMs = servicePid === null ? 0 : cpu(servicePid) - serviceBefore;
  let postgresMs = 0;
  for (const pid of new Set([...before.keys(), ...(await backends())])) {
    // A backend gone by now took its time with it; the benchmark's pools stay connected throughout.
    const now = procStat(pid);
    if (now) postgresMs += now.cpuMs - (before.get(pid) ?? 0);
  }
  return { result, serviceMs, postgresMs };
}
