import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, MemoryReport, ParentMessage } from './ipc.js';

/** A child of the benchmark, talking over IPC; an early exit fails whatever waits on it. */
export class BenchProcess {
  private exited: Promise<never>;
  private stopping = false;

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    this.exited = new Promise<never>((_, reject) => {
      child.once('exit', (code, signal) => {
        if (!this.stopping) reject(new Error(`${name} exited early (code ${code}, signal ${signal})`));
      });
    });
    this.exited.catch(() => undefined);
  }

  /**
   * Forks `script` (relative to this folder) with gc exposed; its stdout is dropped, stderr shown.
   * With BENCH_CPU_PROF=<dir> each child writes a V8 CPU profile there when it exits.
   */
  static start(name: string, script: string, env: Record<string, string>): BenchProcess {
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', `${process.env.BENCH_CPU_PROF}/${name}`] : [];
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
      execArgv: ['--expose-gc', ...profile, '--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    return new BenchProcess(name, child);
  }

  send(message: ParentMessage): void {
    this.child.send(message);
  }

  /** The next message of `type`; an `error` message from the child rejects. */
  next<T extends ChildMessage['type']>(type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>> {
    return Promise.race([
      this.exited,
      new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.child.off('message', onMessage);
          reject(new Error(`${this.name}: no '${type}' within ${timeoutMs} ms`));
        }, timeoutMs);
        const onMessage = (message: ChildMessage) => {
          if (message.type !== type && message.type !== 'error') return;
          clearTimeout(timer);
          this.child.off('message', onMessage);
          if (message.type === 'error') reject(new Error(`${this.name}: ${message.message}`));
          else resolve(message as Extract<ChildMessage, { type: T }>);
        };
        this.child.on('message', onMessage);
      }),
    ]);
  }

  async memory(): Promise<MemoryReport> {
    const reply = this.next('memory', 30_000);
    this.send({ type: 'measure' });
    return reply;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }
}
