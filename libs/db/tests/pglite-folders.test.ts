import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/database.js';
import { LocalDatabaseError } from '../src/pglite.js';

const root = mkdtempSync(join(tmpdir(), 'fm-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const OPENER = new URL('./fixtures/open-pglite.ts', import.meta.url).pathname;

async function refusal(open: Promise<unknown>): Promise<LocalDatabaseError> {
  const err = await open.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LocalDatabaseError);
  return err as LocalDatabaseError;
}

describe('a local database folder', () => {
  it('that PGlite cannot open is named, with what to do', async () => {
    // What an interrupted first start leaves: the folder begun, its database never finished.
    const folder = join(root, 'broken', 'directory');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'PG_VERSION'), '17\n');
    const err = await refusal(openDatabase({ url: `pglite:${folder}` }));
    expect(err.message).toBe(
      `The local database in ${folder} could not be opened; it may be from an interrupted first start. Stop FreeMarket, delete ${folder}, and start again (this erases its local data).`,
    );
  });

  it('that cannot be migrated is named, with the reason and what to do', async () => {
    const folder = join(root, 'unmigratable', 'rewards');
    const migrations = join(root, 'migrations');
    mkdirSync(join(migrations, 'meta'), { recursive: true });
    writeFileSync(join(migrations, '0000_init.sql'), 'CREATE TABLE "elsewhere"."balances" ("id" integer);');
    writeFileSync(
      join(migrations, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: 1, tag: '0000_init', breakpoints: true }] }),
    );
    const database = await openDatabase({ url: `pglite:${folder}` });
    try {
      const err = await refusal(database.migrate({ migrationsFolder: migrations, schema: 'rewards' }));
      expect(err.message).toBe(
        `The local database in ${folder} could not be migrated: schema "elsewhere" does not exist. If it is from an interrupted first start, stop FreeMarket, delete ${folder}, and start again (this erases its local data).`,
      );
    } finally {
      await database.close();
    }
  });

  it('is created whole or not at all: a creation killed half-way leaves nothing in its place, and the next one succeeds', async () => {
    const parent = join(root, 'interrupted');
    const folder = join(parent, 'social');
    const child = spawn(process.execPath, ['--import', 'tsx', OPENER, folder], { stdio: 'ignore' });
    const partial = join(parent, `.social.partial-${child.pid}`);
    // Killed while PGlite's initdb is writing the folder (it takes seconds).
    const deadline = Date.now() + 60_000;
    while (!existsSync(join(partial, 'PG_VERSION'))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the creation never began writing its folder');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(existsSync(folder)).toBe(false);

    const database = await openDatabase({ url: `pglite:${folder}` });
    try {
      await database.ping();
    } finally {
      await database.close();
    }
    // The abandoned half is cleared away; only the finished folder is left.
    expect(readdirSync(parent)).toEqual(['social']);
  }, 90_000);
});
