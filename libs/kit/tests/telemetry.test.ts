import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry } from '../src/telemetry.js';

const received: { url: string; bytes: number }[] = [];
const collector = createServer((req: IncomingMessage, res) => {
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    received.push({ url: req.url ?? '', bytes });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(() => new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

/** A process that preloads telemetry like a service, serves one traced HTTP request, then exits. */
const CHILD = `
import http from 'node:http';
const server = http.createServer((_req, res) => res.end('ok'));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
await new Promise((r) => http.get('http://127.0.0.1:' + server.address().port + '/traced', (res) => { res.resume(); res.on('end', r); }));
server.close();
`;

describe('telemetry', () => {
  it('does nothing when no OTLP endpoint is configured', async () => {
    expect(await startTelemetry('test', {})).toBeNull();
  });

  it('exports the spans of a traced request to the OTLP endpoint', async () => {
    const { port } = collector.address() as AddressInfo;
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', '@freemarket/kit/telemetry', '--input-type=module', '-e', CHILD], {
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'telemetry-test', OTEL_BSP_SCHEDULE_DELAY: '100' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    const traces = received.filter((r) => r.url === '/v1/traces');
    expect(traces.length).toBeGreaterThan(0);
    expect(traces[0]!.bytes).toBeGreaterThan(0);
  }, 30_000);
});
