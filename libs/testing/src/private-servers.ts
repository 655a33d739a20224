import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable } from './infra-probes.js';
import { freePort } from './ports.js';
import { waitFor } from './wait.js';

/** A server process of the test's own (NATS, Redis), on a free port, to stop and restart at will. */
export interface PrivateServer {
  url: string;
  port: number;
  /** Kills the server (SIGKILL by default: an outage, not a shutdown). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and data directory, as after a crash. */
  restart(): Promise<void>;
  /** Kills it and removes its data. */
  dispose(): Promise<void>;
}

interface ServerKind {
  binary: string;
  scheme: string;
  args(port: number, dataDir: string): string[];
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

async function startPrivateServer(kind: ServerKind): Promise<PrivateServer> {
  const bin = findExecutable(kind.binary);
  if (!bin) throw new Error(`${kind.binary} is not installed: a test that starts its own should declare needs('${kind.binary}', …)`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `fm-${kind.binary}-`));
  let child: ChildProcess | undefined;

  const launch = async () => {
    child = spawn(bin, kind.args(port, dataDir), { stdio: 'ignore' });
    await waitFor(`${kind.binary} on port ${port}`, () => portAnswers(port), 10_000, 50);
  };
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill(signal);
    await exited;
  };

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  await launch();
  return {
    url: `${kind.scheme}://127.0.0.1:${port}`,
    port,
    kill,
    // Only a stopped server starts again: a second one on the port would fail, and orphan the first.
    restart: async () => {
      if (!running()) await launch();
    },
    async dispose() {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A nats-server with JetStream (file store) of the test's own. */
export function startPrivateNatsServer(): Promise<PrivateServer> {
  return startPrivateServer({ binary: 'nats-server', scheme: 'nats', args: (port, dir) => ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir] });
}

/** A redis-server of the test's own that persists every write (append-only file, fsync each), so its data outlives a kill. */
export function startPrivateRedisServer(): Promise<PrivateServer> {
  return startPrivateServer({
    binary: 'redis-server',
    scheme: 'redis',
    args: (port, dir) => ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
  });
}
