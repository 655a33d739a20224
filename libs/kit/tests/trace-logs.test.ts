import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/traced-app.ts', import.meta.url));

interface LogLine {
  msg: string;
  trace_id?: string;
  url?: string;
}

/** Takes the spans the service exports, so its exporter has somewhere to send them. */
const collector = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});

let child: ChildProcess;
let baseUrl: string;
const lines: LogLine[] = [];

beforeAll(async () => {
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const { port } = collector.address() as AddressInfo;
  child = spawn(process.execPath, ['--import', 'tsx', '--import', '@freemarket/kit/telemetry', FIXTURE], {
    env: { PATH: process.env.PATH ?? '', OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'traced-fixture', OTEL_BSP_SCHEDULE_DELAY: '100' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
  });
  [baseUrl] = (await once(child, 'message')) as [string];
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
  collector.close();
});

/** The service's log lines about `url` once both the handler's and the kit's request line are out. */
async function linesAbout(url: string): Promise<LogLine[]> {
  const deadline = Date.now() + 5_000;
  const about = () => lines.filter((l) => l.url === url || l.msg === 'saying hello');
  while (!lines.some((l) => l.msg === 'request' && l.url === url)) {
    if (Date.now() > deadline) throw new Error(`no request line for ${url} in ${JSON.stringify(lines)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return about();
}

describe('log lines of a traced service', () => {
  it('carry the trace id of the traceparent a request arrived with, on the handler’s line and the request line', async () => {
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${baseUrl}/hello?n=1`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
    expect(res.status).toBe(200);
    const about = await linesAbout('/hello?n=1');
    expect(about.find((l) => l.msg === 'saying hello')?.trace_id).toBe(traceId);
    expect(about.find((l) => l.msg === 'request')?.trace_id).toBe(traceId);
  });

  it('carry a trace id of the request’s own when it arrives without a traceparent', async () => {
    lines.length = 0;
    const res = await fetch(`${baseUrl}/hello?n=2`);
    expect(res.status).toBe(200);
    const request = (await linesAbout('/hello?n=2')).find((l) => l.msg === 'request');
    expect(request?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(request?.trace_id).not.toBe('0'.repeat(32));
  });
});
