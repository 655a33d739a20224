import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/service-main.ts', import.meta.url));

describe('a service started by runServiceMain (every bin.ts)', () => {
  it('writes every log line to stdout before it exits on SIGTERM, in the order logged', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: { PATH: process.env.PATH ?? '', LINES: '200' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = once(child, 'exit');
    await once(child, 'message');
    child.kill('SIGTERM');
    const [code] = await exited;

    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; i?: number; name: string; signal?: string });
    expect(code).toBe(0);
    expect(lines.filter((l) => l.msg === 'request completed').map((l) => l.i)).toEqual([...Array(200).keys()]);
    expect(lines.find((l) => l.msg === 'fixture shutting down')).toMatchObject({ signal: 'SIGTERM' });
    expect(lines.at(-1)!.msg).toBe('fixture stopped');
    expect(lines.every((l) => l.name === 'fixture')).toBe(true);
  });
});
