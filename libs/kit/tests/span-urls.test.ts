import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@freemarket/testing';

const FIXTURE = fileURLToPath(new URL('./fixtures/traced-app.ts', import.meta.url));

let collector: OtlpReceiver;
let child: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  collector = await startOtlpReceiver();
  child = spawn(process.execPath, ['--import', 'tsx', '--import', '@freemarket/kit/telemetry', FIXTURE], {
    env: { PATH: process.env.PATH ?? '', OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'traced-fixture', OTEL_BSP_SCHEDULE_DELAY: '100' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  [baseUrl] = (await once(child, 'message')) as [string];
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
  await collector?.close();
});

/** The spans recording a request's address, once both the http server span and Fastify's request span are out. */
async function addressSpans(pathStart: string): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = collector.spans.filter((s) => String(s.attributes['url.path'] ?? '').startsWith(pathStart));
    if (new Set(found.map((s) => s.scope)).size >= 2) return found;
    if (Date.now() > deadline) throw new Error(`no spans for ${pathStart} in ${JSON.stringify(collector.spans)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('request spans of a traced service', () => {
  it('keep a member’s private calendar address with its token redacted, as the logs do', async () => {
    const token = randomBytes(24).toString('base64url');
    const res = await fetch(`${baseUrl}/api/events/calendar/${token}.ics`);
    expect(res.status).toBe(200);

    const spans = await addressSpans('/api/events/calendar/');
    expect(spans.map((s) => [s.scope, s.attributes['url.path']]).sort()).toEqual([
      ['@fastify/otel', '/api/events/calendar/[redacted]'],
      ['@opentelemetry/instrumentation-http', '/api/events/calendar/[redacted]'],
    ]);
    for (const body of collector.exports) expect(body).not.toContain(token);
  });

  it('keep a sign-in callback’s code and state redacted, and the rest of its query', async () => {
    const [code, state] = [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')];
    await (await fetch(`${baseUrl}/api/callback?code=${code}&state=${state}&lang=en`)).arrayBuffer();

    const spans = await addressSpans('/api/callback');
    expect(spans.find((s) => s.scope === '@opentelemetry/instrumentation-http')?.attributes).toMatchObject({
      'url.path': '/api/callback',
      'url.query': 'code=[redacted]&state=[redacted]&lang=en',
    });
    expect(spans.find((s) => s.scope === '@fastify/otel')?.attributes['url.path']).toBe('/api/callback?code=[redacted]&state=[redacted]&lang=en');
    for (const body of collector.exports) {
      expect(body).not.toContain(code);
      expect(body).not.toContain(state);
    }
  });
});
