import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataFolder } from '@freemarket/db';
import { freePort } from '@freemarket/testing';

const root = new URL('../..', import.meta.url).pathname;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Runs `scripts/local.ts` as `npm start` does on `dataDir` until it exits; what it wrote and its code. */
async function startOn(dataDir: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()), FREEMARKET_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/local.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

function newDataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'fm-local-data-'));
  folders.push(folder);
  return join(folder, 'data');
}

/** A line of a stack trace. */
const STACK_LINE = /^\s+at /m;

describe('local mode on its data folder', () => {
  it('refuses to start on a folder FreeMarket is already running on, naming the folder and the pid', async () => {
    const dataDir = newDataDir();
    // As a running `npm start` holds it.
    const lock = lockDataFolder(dataDir);
    try {
      const { code, output } = await startOn(dataDir);
      expect(code).toBe(1);
      expect(output).toContain(`FreeMarket is already running on ${dataDir} (pid ${process.pid}).`);
      expect(output).not.toContain('Starting FreeMarket');
      expect(output).not.toMatch(STACK_LINE);
    } finally {
      lock.release();
    }
  }, 90_000);

  it('stops with what to do, and no stack trace, when a database folder cannot be opened', async () => {
    const dataDir = newDataDir();
    const broken = join(dataDir, 'directory');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'PG_VERSION'), '17\n');
    const { code, output } = await startOn(dataDir);
    expect(code).toBe(1);
    expect(output).toContain(
      `The local database in ${broken} could not be opened; it may be from an interrupted first start. Stop FreeMarket, delete ${broken}, and start again (this erases its local data).`,
    );
    expect(output).not.toMatch(STACK_LINE);
  }, 90_000);
});
