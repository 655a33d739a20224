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

/** Starts `scripts/local.ts` as `npm start` does (embedded parts only) and waits for its banner; `output()` is all it wrote so far. */
async function launch(port: number, logLevel = 'warn'): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), FREEMARKET_DATA_DIR: dataDir, LOG_LEVEL: logLevel };
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
  return { child, url, output: () => output };
}

/** How many times each key occurs at the top level of a JSON line (JSON.parse keeps the last of two silently). */
function topLevelKeyCounts(line: string): Record<string, number> {
  const counts: Record<string, number> = {};
  let depth = 0;
  // Strings whole (escapes included), so a brace or colon inside one is not read as structure.
  for (const match of line.matchAll(/"(?:[^"\\]|\\.)*"(\s*:)?|[{}[\]]/g)) {
    const token = match[0];
    if (token === '{' || token === '[') depth++;
    else if (token === '}' || token === ']') depth--;
    else if (depth === 1 && match[1]) {
      const key = JSON.parse(token.slice(0, token.length - match[1].length)) as string;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
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
    // At info, every service writes its lines (listening, requests) to the one output.
    const first = await launch(port, 'info');
    expect(first.url).toBe(`http://localhost:${port}`);
    const browser = new BrowserSession(first.url);
    await signInWithDevProvider(browser, { email: 'linus@example.com', firstName: 'Linus', lastName: 'Torvalds' });
    const before = await browser.json<CurrentUser>('/api/auth/user');
    expect(before.status).toBe(200);
    expect(await stop(first.child)).toBe(0);

    // Each log line names its service once: strict JSON readers refuse a key given twice.
    const lines = first.output().split('\n').filter((l) => l.startsWith('{'));
    const names = lines.map((line) => [topLevelKeyCounts(line).name, (JSON.parse(line) as { name?: string }).name] as const);
    expect(new Set(names.map(([, name]) => name))).toEqual(new Set(['identity', 'directory', 'social', 'messaging', 'commerce', 'rewards', 'gateway']));
    expect(names.filter(([count]) => count !== 1)).toEqual([]);

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
