import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebsocket, startEchoService, startGateway, startStack, testConfig, type Echo, type EchoService, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let instances: EchoService[];
let gateway: RunningGateway;

beforeAll(async () => {
  stack = await startStack();
  instances = await Promise.all(['messaging-1', 'messaging-2', 'messaging-3'].map((name) => startEchoService(name, stack.keys.publicKeyPem)));
  const config = testConfig(stack);
  gateway = await startGateway({ ...config, upstreams: { ...config.upstreams, messaging: instances.map((i) => i.url) } });
});

afterAll(async () => {
  await gateway?.destroy();
  await Promise.all((instances ?? []).map((i) => i.close()));
  await stack?.close();
});

describe('several instances of a service (comma-separated MESSAGING_URL)', () => {
  it('should send requests to each instance in turn, with the member’s assertion', async () => {
    const cookie = await gateway.signIn('pia');
    const served: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${gateway.url}/api/messages/conversations`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const echo = (await res.json()) as Echo;
      expect(echo.actor).toEqual({ userId: 'pia' });
      served.push(echo.service);
    }
    expect([...served].sort()).toEqual(['messaging-1', 'messaging-1', 'messaging-2', 'messaging-2', 'messaging-3', 'messaging-3']);
    expect(served.slice(0, 3).sort()).toEqual(['messaging-1', 'messaging-2', 'messaging-3']);
  });

  it('should spread /socket.io websocket upgrades over the instances too', async () => {
    const cookie = await gateway.signIn('quin');
    const served: string[] = [];
    for (let i = 0; i < 3; i++) {
      const outcome = await openWebsocket(gateway.url, '/socket.io/?EIO=4&transport=websocket', { origin: 'http://localhost:5000', cookie });
      if (!('firstMessage' in outcome)) throw new Error(`upgrade refused: ${outcome.status} ${outcome.body}`);
      const seen = JSON.parse(outcome.firstMessage) as { service: string; actor: unknown };
      expect(seen.actor).toEqual({ userId: 'quin' });
      served.push(seen.service);
    }
    expect(served.sort()).toEqual(['messaging-1', 'messaging-2', 'messaging-3']);
  });

  it('should leave the other services on their single instance', async () => {
    const res = await fetch(`${gateway.url}/api/rewards/balance`);
    expect(((await res.json()) as Echo).service).toBe('rewards');
  });
});
