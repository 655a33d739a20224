import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable } from './infra-probes.js';
import { freePort } from './ports.js';
import { waitFor } from './wait.js';

export interface PrivateNatsServer {
  url: string;
  port: number;
  /** Kills the server (SIGKILL by default: an outage, not a shutdown). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and store, as after a crash. */
  restart(): Promise<void>;
  /** Kills it and removes its store. */
  dispose(): Promise<void>;
}

function natsServerBinary(): string {
  const found = findExecutable('nats-server');
  if (!found) throw new Error('nats-server is not installed: a test that starts its own should declare needs(\'nats-server\', …)');
  return found;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** A nats-server with JetStream of the test's own, on a free port, to stop and restart at will. */
export async function startPrivateNatsServer(): Promise<PrivateNatsServer> {
  const bin = natsServerBinary();
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'fm-nats-'));
  let child: ChildProcess | undefined;

  const launch = async () => {
    child = spawn(bin, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
    await waitFor(`nats-server on port ${port}`, () => portAnswers(port), 10_000, 50);
  };
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };

  await launch();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    kill,
    restart: launch,
    async dispose() {
      await kill();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
