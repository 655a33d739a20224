import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sonicBoom from 'sonic-boom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LineBatch } from '../src/logger.js';

// A CommonJS module: its class is a property of the default export (no named export Node can see).
const { SonicBoom } = sonicBoom;
type SonicBoom = InstanceType<typeof SonicBoom>;

const line = (i: number) => `${JSON.stringify({ level: 30, i, msg: 'request', pad: 'x'.repeat(80) })}\n`;

describe('the buffered logger destination', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function fileSink(): Promise<{ sink: SonicBoom; file: string }> {
    dir = await mkdtemp(join(tmpdir(), 'fm-logger-'));
    const file = join(dir, 'out.log');
    const sink = new SonicBoom({ dest: file, sync: true });
    return { sink, file };
  }

  it('hands lines on in one write per 8 KiB gathered, not one per line, in the order logged', async () => {
    const { sink, file } = await fileSink();
    const write = vi.spyOn(sink, 'write');
    const batch = new LineBatch(sink);
    for (let i = 0; i < 1000; i++) batch.write(line(i));
    // 1000 lines of about 120 bytes: a write per 8 KiB, none per line.
    expect(write.mock.calls.length).toBeGreaterThanOrEqual(13);
    expect(write.mock.calls.length).toBeLessThanOrEqual(16);
    await new Promise<void>((resolve, reject) => batch.flush((err) => (err ? reject(err) : resolve())));
    const written = (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { i: number }).i);
    expect(written).toEqual([...Array(1000).keys()]);
    sink.destroy();
  });

  it('holds fewer lines than a batch until it is told to hand them on, then writes them whole', async () => {
    const { sink, file } = await fileSink();
    const batch = new LineBatch(sink);
    batch.write(line(1));
    batch.write(line(2));
    expect(await readFile(file, 'utf8')).toBe('');
    batch.handOn();
    expect(await readFile(file, 'utf8')).toBe(line(1) + line(2));
    sink.destroy();
  });

  it('has written every line logged before a flush when the flush calls back', async () => {
    const { sink, file } = await fileSink();
    const batch = new LineBatch(sink);
    for (let i = 0; i < 30; i++) batch.write(line(i));
    const lines = await new Promise<string[]>((resolve, reject) =>
      batch.flush((err) => (err ? reject(err) : readFile(file, 'utf8').then((text) => resolve(text.split('\n').filter(Boolean)), reject))),
    );
    expect(lines).toHaveLength(30);
    sink.destroy();
  });
});
