import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderLockedError, LOCK_FILE, lockDataFolder } from '../src/folder-lock.js';

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'fm-lock-'));
  folders.push(folder);
  return join(folder, 'data');
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('the lock on a local data folder', () => {
  it('lets one start take it and refuses a second, naming the folder and the pid, until the first releases it', () => {
    const folder = newFolder();
    const first = lockDataFolder(folder);
    expect(readFileSync(join(folder, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));

    let refusal: unknown;
    try {
      lockDataFolder(folder);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataFolderLockedError);
    expect((refusal as Error).message).toBe(
      `FreeMarket is already running on ${folder} (pid ${process.pid}). Stop it first, or start with FREEMARKET_DATA_DIR=<another folder>.`,
    );

    first.release();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    lockDataFolder(folder).release();
  });

  it('refuses while another running process holds it', async () => {
    const folder = newFolder();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      lockDataFolder(folder).release();
      writeFileSync(join(folder, LOCK_FILE), `${holder.pid}\n`);
      expect(() => lockDataFolder(folder)).toThrow(`(pid ${holder.pid})`);
    } finally {
      holder.kill('SIGKILL');
      await once(holder, 'exit');
    }
  });

  it('takes over the lock of a process that is gone', async () => {
    const folder = newFolder();
    lockDataFolder(folder).release();
    writeFileSync(join(folder, LOCK_FILE), `${await deadPid()}\n`);
    const lock = lockDataFolder(folder);
    expect(readFileSync(join(folder, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('is released when its process exits', async () => {
    const folder = newFolder();
    const module = new URL('../src/folder-lock.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(module)}).then((m) => console.log(m.lockDataFolder(${JSON.stringify(folder)}).folder))`]);
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(0);
    expect(printed.trim()).toBe(folder);
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    lockDataFolder(folder).release();
  });
});
