import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';

/**
 * What the benchmarks print about the host, so results from different machines can be told
 * apart. Besides the CPU, the cost of a page fault: on some virtual machines a process's first
 * touch of a fresh page costs 10-20 µs instead of well under one (docs/benchmarks.md, 'Hosts'),
 * and every server here allocates and frees memory on its hot path.
 */
export async function cpuModel(): Promise<string> {
  const info = await readFile('/proc/cpuinfo', 'utf8').catch(() => '');
  return /model name\s*:\s*(.+)/.exec(info)?.[1]?.trim() ?? 'unknown';
}

const PAGE = 4096;
const PROBE_BYTES = 32 * 1024 * 1024;

/**
 * Microseconds to fault in (and zero) one fresh 4 KiB page, the median of five probes: a large
 * typed array is new memory from the kernel (glibc maps allocations this big on their own), and
 * writing one byte per page faults each page in.
 */
export function pageFaultMicros(): number {
  const probes: number[] = [];
  for (let probe = 0; probe < 5; probe++) {
    const started = process.hrtime.bigint();
    const bytes = new Uint8Array(PROBE_BYTES);
    for (let i = 0; i < PROBE_BYTES; i += PAGE) bytes[i] = 1;
    probes.push(Number(process.hrtime.bigint() - started) / 1000 / (PROBE_BYTES / PAGE));
  }
  return probes.sort((a, b) => a - b)[2]!;
}

/** The transparent huge page mode: with `always`, the probe's array gets 2 MiB pages and measures zeroing more than faults. */
async function hugePages(): Promise<string> {
  const mode = await readFile('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8').catch(() => '');
  return /\[(\w+)\]/.exec(mode)?.[1] ?? 'unknown';
}

/** One line for a report: cores, CPU model, page-fault cost, Node version. */
export async function machineLine(): Promise<string> {
  return `${availableParallelism()} CPUs (${await cpuModel()}), page fault ${pageFaultMicros().toFixed(2)} µs (transparent huge pages: ${await hugePages()}), node ${process.version}`;
}
