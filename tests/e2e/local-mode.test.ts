import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@freemarket/contracts';
import { BrowserSession, freePort, signInWithDevProvider } from '@freemarket/testing';

const root = new URL('../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'fm-local-'));
const children: ChildProcess[] = [];

/** Starts `scripts/local.ts` as `npm start` does (embedded parts only) and waits for its banner. */
async function launch(port: number): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), FREEMARKET_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // Local mode must not lean on real infrastructure even when the machine has it.
  for (const name of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/local.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // About 30 s alone on two cores; the suite's other files share those cores meanwhile.
    const timer = setTimeout(() => reject(new Error(`local mode did not start in 180 s:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /FreeMarket is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`local mode exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  return exited;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local mode (npm start)', () => {
  it('boots on PGlite and the in-process bus, serves sign-in, stops cleanly on Ctrl-C and keeps its data', async () => {
    const port = await freePort();
    const first = await launch(port);
    expect(first.url).toBe(`http://localhost:${port}`);
    const browser = new BrowserSession(first.url);
    await signInWithDevProvider(browser, { email: 'linus@example.com', firstName: 'Linus', lastName: 'Torvalds' });
    const before = await browser.json<CurrentUser>('/api/auth/user');
    expect(before.status).toBe(200);
    expect(await stop(first.child)).toBe(0);

    const second = await launch(port);
    const again = new BrowserSession(second.url);
    await signInWithDevProvider(again, { email: 'linus@example.com', firstName: 'Linus', lastName: 'Torvalds' });
    const after = await again.json<CurrentUser>('/api/auth/user');
    // Same member, created at the first start: the data survived the restart.
    expect(after.body.id).toBe(before.body.id);
    expect(after.body.createdAt).toBe(before.body.createdAt);
    expect(await stop(second.child)).toBe(0);
  }, 420_000);
});
