import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '@freemarket/testing';
import { startGateway, startStack, testConfig, type Echo, type RunningGateway, type TestStack } from './_util.js';

const TOKEN = 'ziS4WWpTq0dJ3mV9xYbK2cR7nLh8AfEuGs1oPw5_aO4';
const CODE = 'Yq7w2nS5cXkP0aLr9JmT3vBh6dEg1uFi';
const STATE = 'Hs4kW8pQ2zRb7yNc5tLm0xVa3oDe9jUf';

let stack: TestStack;
let gateway: RunningGateway;
const logs = captureLogs('gateway');

beforeAll(async () => {
  stack = await startStack();
  gateway = await startGateway(testConfig(stack), { logger: logs.logger });
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
});

const requestLines = () => logs.lines.map((line) => JSON.parse(line) as { msg: string; url?: string }).filter((l) => l.msg === 'request');

describe('the gateway’s request log', () => {
  it('writes a private calendar address without its token, and still forwards the token', async () => {
    const res = await fetch(`${gateway.url}/api/events/calendar/${TOKEN}.ics`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).url).toBe(`/api/events/calendar/${TOKEN}.ics`);
    expect(requestLines().map((l) => l.url)).toContain('/api/events/calendar/[redacted]');
    expect(logs.lines.join('')).not.toContain(TOKEN);
  });

  it('writes a sign-in callback without its code and state', async () => {
    const res = await fetch(`${gateway.url}/api/callback?code=${CODE}&state=${STATE}&iss=http%3A%2F%2Flocalhost%3A5000%2Foidc`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(requestLines().map((l) => l.url)).toContain('/api/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Flocalhost%3A5000%2Foidc');
    const written = logs.lines.join('');
    expect(written).not.toContain(CODE);
    expect(written).not.toContain(STATE);
  });
});
