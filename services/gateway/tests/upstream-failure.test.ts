import { get, type IncomingMessage } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@freemarket/testing';
import { deadUrl, startGateway, startStack, testConfig, type RunningGateway, type TestStack } from './_util.js';

let stack: TestStack;
let gateway: RunningGateway;
let breaking: Server;
/** Sockets of the breaking service that are still open, and those of them trickling an answer. */
const open = new Set<Socket>();
const trickling = new Set<Socket>();

/**
 * A service that breaks its answers off: `/short` promises 100 bytes and sends 10, `/long` promises
 * a megabyte and sends 100 kB, `/trickle` promises a megabyte and sends a byte every 50 ms; each
 * then hangs up, except `/trickle`, which goes on until the gateway hangs up.
 */
function startBreakingService(): Promise<string> {
  breaking = createServer((socket) => {
    open.add(socket);
    socket.on('close', () => {
      open.delete(socket);
      trickling.delete(socket);
    });
    socket.on('error', () => undefined);
    socket.once('data', (head: Buffer) => {
      const path = head.toString('latin1').split(' ')[1] ?? '';
      const promised = path.endsWith('/short') ? 100 : 1_000_000;
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nx-from-service: yes\r\ncontent-length: ${promised}\r\n\r\n`);
      if (path.endsWith('/trickle')) {
        trickling.add(socket);
        const timer = setInterval(() => socket.write('x'), 50);
        socket.on('close', () => clearInterval(timer));
        return;
      }
      socket.end('x'.repeat(path.endsWith('/short') ? 10 : 100_000));
    });
  });
  return new Promise((resolve) => breaking.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(breaking.address() as { port: number }).port}`)));
}

beforeAll(async () => {
  stack = await startStack();
  const config = testConfig(stack, { proxy: { timeoutMs: 300, connectTimeoutMs: 200 } });
  gateway = await startGateway({ ...config, upstreams: { ...config.upstreams, rewards: [await deadUrl()], commerce: [await startBreakingService()] } });
});

afterAll(async () => {
  await gateway?.destroy();
  await stack?.close();
  for (const socket of open) socket.destroy();
  breaking?.close();
});

describe('upstream failures', () => {
  it('should answer 503 naming the service within a second when it is down, while other routes work', async () => {
    const started = Date.now();
    const [down, up] = await Promise.all([fetch(`${gateway.url}/api/rewards/balance`), fetch(`${gateway.url}/api/profiles`)]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: 'Service Unavailable: rewards is not reachable' });
    expect(up.status).toBe(200);
  });

  it('should not retry a refused write', async () => {
    const res = await fetch(`${gateway.url}/api/rewards/redeem`, { method: 'POST' });
    expect(res.status).toBe(503);
  });

  it('should answer 504 when a service takes longer than UPSTREAM_TIMEOUT_MS', async () => {
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/profiles/slow?ms=2000`);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ message: 'Gateway Timeout: directory did not answer in time' });
    // undici checks header timeouts on a coarse (about one second) timer.
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('should pass a service’s own 503 through without retrying it', async () => {
    const before = stack.services.directory.seen.length;
    const res = await fetch(`${gateway.url}/api/profiles/1?status=503`);
    expect(res.status).toBe(503);
    expect(stack.services.directory.seen.length).toBe(before + 1);
  });

  it('should answer 502 with none of the service’s headers when a small answer breaks off', async () => {
    const res = await fetch(`${gateway.url}/api/items-for-sale/short`);
    expect(res.status).toBe(502);
    expect(res.headers.get('x-from-service')).toBeNull();
    expect(await res.json()).toEqual({ message: 'Bad Gateway: commerce failed to answer' });
  });

  it('should break the browser’s answer off too when a large one breaks off after it began', async () => {
    const res = await fetch(`${gateway.url}/api/items-for-sale/long`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-from-service')).toBe('yes');
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('should hang up on the service when the browser stops reading a streamed answer', async () => {
    // Node's own client: fetch's pool reopens a connection after an abort, which then holds the gateway's close.
    const { hostname, port } = new URL(gateway.url);
    const res = await new Promise<IncomingMessage>((resolve, reject) => get({ host: hostname, port, path: '/api/items-for-sale/trickle', agent: false }, resolve).once('error', reject));
    expect(res.statusCode).toBe(200);
    expect(trickling.size).toBe(1);
    res.destroy();
    await waitFor('the gateway to hang up on the service', async () => trickling.size === 0, 2000, 20);
  });
});
