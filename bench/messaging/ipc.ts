import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the benchmark's processes tell each other over their IPC channels. */
export interface MemoryReport {
  type: 'memory';
  /** After two full collections: what the process really holds. */
  heapUsed: number;
  rss: number;
  /** Peak resident set size since start, bytes. */
  maxRss: number;
  /** CPU time used since start (user + system), ms. */
  cpuMs: number;
  /** Event-loop delay since the previous report, ms: where a process stalls, every request it holds waits. */
  loopDelay: { p99Ms: number; maxMs: number };
}

export interface ReadyReport {
  type: 'ready';
}

export interface LoadMember {
  id: string;
  cookie: string;
  /** Index of the gateway this member's socket and requests go through. */
  gateway: number;
}

export interface LoadPlan {
  gateways: string[];
  origin: string;
  members: LoadMember[];
}

export interface ConnectedReport {
  type: 'connected';
  connected: number;
  failed: number;
  ms: number;
}

export interface PhaseStats {
  /** POSTs answered 201. */
  accepted: number;
  /** POSTs refused or failed. */
  failed: number;
  delivered: number;
  /** Accepted but never seen on the receiver's socket within the grace period. */
  lost: number;
  /** From the POST to receipt on the other socket, ms. */
  latency: { p50: number; p95: number; p99: number; max: number };
  /** The POST's own round trip, ms. */
  postLatency: { p50: number; p99: number };
  /** Achieved send rate, messages per second. */
  rate: number;
  /** The load process's own worst event-loop delay, ms: above a few ms the client is skewing the figures. */
  clientLoopDelayMaxMs: number;
  clientLoopDelayP99Ms: number;
}

export type ParentMessage = { type: 'measure' } | { type: 'connect'; plan: LoadPlan } | { type: 'run'; seconds: number; rate: number; graceSeconds: number };
export type ChildMessage = MemoryReport | ReadyReport | ConnectedReport | { type: 'result'; stats: PhaseStats } | { type: 'error'; message: string };

/** Answers `measure` with this process's memory; needs `--expose-gc`. */
export function serveMeasurements(): void {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'measure') return;
    const loopDelay = { p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 };
    loop.reset();
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    const usage = process.memoryUsage();
    const cpu = process.cpuUsage();
    send({ type: 'memory', heapUsed: usage.heapUsed, rss: usage.rss, maxRss: process.resourceUsage().maxRSS * 1024, cpuMs: (cpu.user + cpu.system) / 1000, loopDelay });
  });
}

export function send(message: ChildMessage): void {
  process.send?.(message);
}
