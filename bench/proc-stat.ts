import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Indexes into the fields after stat's parenthesised command name (which may hold spaces): stat's fields 10, 14 and 15. */
const MINFLT = 7;
const UTIME = 11;
const STIME = 12;
/** Field 24: resident set size, in pages. */
const RSS = 21;
const PAGE_BYTES = 4096;

export interface ProcStat {
  /** CPU time used so far, user + system, in ms (10 ms resolution). */
  cpuMs: number;
  /**
   * Minor page faults so far: each is a first touch of a page the kernel had to supply, which
   * costs well under a microsecond on most hosts and 10-20 µs on some virtual machines
   * (bench/machine.ts prints the host's cost).
   */
  minorFaults: number;
  /** Resident memory now, in bytes. */
  rssBytes: number;
}

/** The benchmarks' one reader of /proc/<pid>/stat (all four use it); null once the process is gone. */
export function procStat(pid: number): ProcStat | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { cpuMs: ((Number(fields[UTIME]) + Number(fields[STIME])) * 1000) / TICKS_PER_SECOND, minorFaults: Number(fields[MINFLT]), rssBytes: Number(fields[RSS]) * PAGE_BYTES };
}
