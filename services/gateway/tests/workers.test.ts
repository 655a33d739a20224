import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, testInfra, waitFor } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { rawGet, startStack, type TestStack } from './_util.js';

/** `bin.ts` as production starts it, with stdout collected line by line. */
interface Started {
  child: ChildProcess;
  url: string;
  lines: () => Array<Record<string, unknown>>;
  exited: Promise<number | null>;
}

const GATEWAY_DIR = fileURLToPath(new URL('..', import.meta.url));

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.close();
});

async function startBin(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts'], {
    cwd: GATEWAY_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ASSERTION_PRIVATE_KEY: stack.keys.privateKeyPem,
      REWARDS_URL: stack.services.rewards.url,
      WEB_DIST_DIR: '/nonexistent/web/dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { child, url: `http://127.0.0.1:${port}`, lines, exited };
}

const listening = (lines: Array<Record<string, unknown>>) => lines.filter((l) => l.msg === 'gateway listening').length;
const requestLines = (lines: Array<Record<string, unknown>>) => lines.filter((l) => l.msg === 'request' && l.url === '/api/rewards/balance');

describe('gateway processes (bin.ts)', () => {
  needs('redis', 'sessions shared by worker processes').it('should serve one port from GATEWAY_WORKERS processes and write every request line before exiting on SIGTERM', { timeout: 90_000 }, async () => {
    const gateway = await startBin({ GATEWAY_WORKERS: '2', REDIS_URL: testInfra().redisUrl!, REDIS_KEY_PREFIX: `${stack.redisPrefix}bin:` });
    try {
      await waitFor('two listening workers', () => listening(gateway.lines()) === 2, 60_000, 50);
      // A new connection each time, so the primary hands them out to both workers.
      for (let i = 0; i < 20; i++) expect((await rawGet(gateway.url, '/api/rewards/balance')).status).toBe(200);
      gateway.child.kill('SIGTERM');
      expect(await gateway.exited).toBe(0);
      const served = requestLines(gateway.lines());
      expect(served).toHaveLength(20);
      expect(new Set(served.map((l) => l.pid)).size).toBe(2);
    } finally {
      gateway.child.kill('SIGKILL');
    }
  });

  it('should run as one process without Redis and still flush its request lines at exit', { timeout: 90_000 }, async () => {
    const gateway = await startBin({});
    try {
      await waitFor('the gateway to listen', () => listening(gateway.lines()) === 1, 60_000, 50);
      for (let i = 0; i < 5; i++) expect((await rawGet(gateway.url, '/api/rewards/balance')).status).toBe(200);
      gateway.child.kill('SIGTERM');
      expect(await gateway.exited).toBe(0);
      expect(requestLines(gateway.lines())).toHaveLength(5);
      expect(gateway.lines().find((l) => l.msg === 'gateway listening')?.sessions).toBe('memory');
    } finally {
      gateway.child.kill('SIGKILL');
    }
  });
});
