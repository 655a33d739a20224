import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@freemarket/kit';

/** The message a worker gets when the primary is told to stop. */
export const SHUTDOWN_MESSAGE = 'gateway:shutdown';
/** A worker that crashes after it was serving is replaced after this pause. */
const RESTART_DELAY_MS = 1000;

/**
 * The primary of `GATEWAY_WORKERS` gateway processes sharing one port. The gateway keeps no state
 * of its own (sessions and rate limits are in Redis), so any worker can answer any request. A
 * worker that crashes while serving is replaced; one that fails before it listens stops them all
 * (the same failure would repeat). On SIGTERM or SIGINT every worker drains and stops, then the
 * primary exits.
 */
export function runWorkers(count: number, logger: Logger): void {
  let stopping = false;
  let failed = false;
  const serving = new WeakSet<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => serving.add(worker));
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      if (!serving.has(worker)) {
        logger.fatal({ pid: worker.process.pid, code, signal }, 'gateway worker failed to start; stopping');
        failed = true;
        stop();
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, 'gateway worker died; starting another');
      setTimeout(() => {
        if (!stopping) fork();
      }, RESTART_DELAY_MS);
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    // A serving worker gets a message rather than a signal: after Ctrl-C the workers have had
    // SIGINT from the terminal already, and a second signal would cut their drain short. One still
    // starting may not listen for messages yet; it has nothing to drain, so a signal stops it.
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker) continue;
      if (serving.has(worker) && worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
      else worker.process.kill('SIGTERM');
    }
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      logger.info({ signal, workers: count }, 'gateway shutting down');
      stop();
    });
  }
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exitCode = failed ? 1 : 0;
  });

  logger.info({ workers: count }, 'starting gateway workers');
  for (let i = 0; i < count; i++) fork();
}

/** In a worker: stop like on SIGTERM when the primary says so, unless a signal already started it. */
export function stopOnPrimaryRequest(): void {
  let signalled = false;
  process.once('SIGTERM', () => (signalled = true));
  process.once('SIGINT', () => (signalled = true));
  process.on('message', (message: unknown) => {
    if (message === SHUTDOWN_MESSAGE && !signalled) process.kill(process.pid, 'SIGTERM');
  });
}
