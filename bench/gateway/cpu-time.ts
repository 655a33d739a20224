import { readFileSync } from 'node:fs';
import { procStat, type ProcStat } from '../proc-stat.js';

/**
 * CPU time and page faults of a process and all its descendants alive now, summed (nginx's
 * workers, the gateway's cluster workers under `sh` and the primary). Per-request CPU cost is what
 * a shared, busy machine distorts least: other load changes how fast requests go, much less how
 * much work each one takes.
 */
export function treeStat(pid: number): ProcStat {
  const total = procStat(pid) ?? { cpuMs: 0, minorFaults: 0, rssBytes: 0 };
  for (const child of childrenOf(pid)) {
    const sub = treeStat(child);
    total.cpuMs += sub.cpuMs;
    total.minorFaults += sub.minorFaults;
  }
  return total;
}

/** How many processes the tree under `pid` has, itself included. */
export function processCount(pid: number): number {
  return 1 + childrenOf(pid).reduce((sum, child) => sum + processCount(child), 0);
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * How many times the process's main thread has gone to sleep waiting for work (voluntary context
 * switches): a Node server sleeps in `epoll_wait` whenever its event loop runs dry, and each sleep
 * and wake costs it CPU that the requests of the next turn share.
 */
export function sleepCount(pid: number): number {
  try {
    const match = /^voluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}
