import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Where a container's own cgroup (v2) shows its CPU quota. */
const CGROUP_CPU_MAX = '/sys/fs/cgroup/cpu.max';

/**
 * The whole CPUs a cgroup v2 `cpu.max` allows, rounded up ("200000 100000" is 2, "150000 100000"
 * is 2), or null for no limit ("max 100000") or contents it does not understand.
 */
export function cpuLimitOf(cpuMax: string): number | null {
  const [quota = NaN, period = NaN] = cpuMax.trim().split(/\s+/).map(Number);
  const cpus = Math.ceil(quota / period);
  return quota > 0 && period > 0 && Number.isFinite(cpus) ? cpus : null;
}

/**
 * One process per CPU this process may use: the cores it sees, or fewer when its container has a
 * CPU quota. Node's `availableParallelism()` counts the cores, not the quota, and more busy
 * processes than the quota allows only take turns being throttled.
 */
export function cpuCount(readCpuMax: () => string = () => readFileSync(CGROUP_CPU_MAX, 'utf8'), cores = availableParallelism()): number {
  let limit: number | null = null;
  try {
    limit = cpuLimitOf(readCpuMax());
  } catch {
    // No cgroup v2 file: not in a container, or cgroup v1; the cores it is.
  }
  return Math.max(1, limit === null ? cores : Math.min(cores, limit));
}
