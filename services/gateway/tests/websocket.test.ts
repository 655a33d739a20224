import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@freemarket/kit';
import { openWebsocket, startGateway, startStack, testConfig, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;

beforeAll(async () => {
  stack = await startStack();
  gateway = await startGateway(testConfig(stack));
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
});

const SOCKET_PATH = '/socket.io/?EIO=4&transport=websocket';
const SAME_ORIGIN = { origin: 'http://localhost:5000' };

interface Handshake {
  service: string;
  actor: { userId: string } | null;
  url: string;
  headers: Record<string, string>;
}

async function handshake(headers: Record<string, string>): Promise<Handshake> {
  const outcome = await openWebsocket(gateway.url, SOCKET_PATH, headers);
  if (!('firstMessage' in outcome)) throw new Error(`upgrade refused: ${outcome.status} ${outcome.body}`);
  return JSON.parse(outcome.firstMessage) as Handshake;
}

describe('websocket', () => {
  it('should carry the session member’s assertion on the upgrade to messaging', async () => {
    const cookie = await gateway.signIn('carol');
    const seen = await handshake({ ...SAME_ORIGIN, cookie });
    expect(seen.service).toBe('messaging');
    expect(seen.actor).toEqual({ userId: 'carol' });
    expect(seen.url).toBe(SOCKET_PATH);
    expect(seen.headers.cookie).toBeUndefined();
  });

  it('should drop a forged identity header on an anonymous upgrade', async () => {
    const seen = await handshake({ ...SAME_ORIGIN, [IDENTITY_HEADER]: 'forged', 'x-user-id': 'admin' });
    expect(seen.actor).toBeNull();
    expect(seen.headers[IDENTITY_HEADER]).toBeUndefined();
    expect(seen.headers['x-user-id']).toBeUndefined();
  });

  it('should refuse an upgrade from another site', async () => {
    const cookie = await gateway.signIn('carol');
    const outcome = await openWebsocket(gateway.url, SOCKET_PATH, { origin: 'https://evil.example', cookie });
    expect(outcome.status).toBe(403);
  });

  it('should refuse upgrades anywhere but /socket.io', async () => {
    for (const path of ['/api/messages', '/connections', '/oidc/x']) {
      const outcome = await openWebsocket(gateway.url, path, SAME_ORIGIN);
      expect(outcome.status).toBe(404);
    }
  });
});
