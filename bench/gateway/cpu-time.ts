import { readFileSync } from 'node:fs';

/** Kernel clock ticks per second (`getconf CLK_TCK`), 100 on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a process and all its descendants alive now have used so far, from
 * /proc (nginx's workers, the gateway's cluster workers under `sh` and the primary). Per-request
 * CPU cost is what a shared, busy machine distorts least: other load changes how fast requests go,
 * much less how much work each one takes.
 */
export function cpuSeconds(pid: number): number {
  let ticks = ownTicks(pid);
  for (const child of childrenOf(pid)) ticks += cpuSeconds(child) * TICKS_PER_SECOND;
  return ticks / TICKS_PER_SECOND;
}

/** How many processes the tree under `pid` has, itself included. */
export function processCount(pid: number): number {
  return 1 + childrenOf(pid).reduce((sum, child) => sum + processCount(child), 0);
}

function ownTicks(pid: number): number {
  try {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of stat.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
