import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@freemarket/db';
import { procStat } from '../proc-stat.js';

/** CPU time (user + system, ms) of each process; a process gone reads as 0. */
function cpuMs(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, procStat(pid)?.cpuMs ?? 0]));
}

/**
 * The CPU a phase cost, per part of the pipeline: the rewards service, this process (producer and
 * its relay), and the Postgres backends serving the benchmark's database. The machine is shared,
 * so wall-clock figures move with other people's load; CPU per event does not.
 */
export class CpuMeter {
  private constructor(
    private readonly parts: Record<string, () => Promise<number[]>>,
    private start: Map<string, Map<number, number>>,
  ) {}

  static async start(options: { servicePid: number; database: Database; databaseName: string }): Promise<CpuMeter> {
    const parts = {
      rewards: async () => [options.servicePid],
      producer: async () => [process.pid],
      postgres: async () =>
        (await queryRows<{ pid: number }>(options.database.db, sql`select pid from pg_stat_activity where datname = ${options.databaseName}`)).map((r) => r.pid),
    };
    const meter = new CpuMeter(parts, new Map());
    meter.start = await meter.snapshot();
    return meter;
  }

  /** CPU ms per event of each part since `start`. */
  async perEvent(events: number): Promise<Record<string, number>> {
    const end = await this.snapshot();
    const out: Record<string, number> = {};
    for (const [part, pids] of end) {
      let total = 0;
      for (const [pid, ms] of pids) total += ms - (this.start.get(part)?.get(pid) ?? 0);
      out[part] = total / events;
    }
    return out;
  }

  private async snapshot(): Promise<Map<string, Map<number, number>>> {
    const snap = new Map<string, Map<number, number>>();
    for (const [part, pids] of Object.entries(this.parts)) snap.set(part, cpuMs(await pids()));
    return snap;
  }
}

export function formatCpu(perEvent: Record<string, number>): string {
  const total = Object.values(perEvent).reduce((a, b) => a + b, 0);
  return `${Object.entries(perEvent)
    .map(([part, ms]) => `${part} ${ms.toFixed(3)}`)
    .join(', ')} (total ${total.toFixed(3)} ms; nats-server not counted)`;
}
