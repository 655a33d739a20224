import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports.js';

describe('freePort', () => {
  it('gives a port that can be bound, below the range the kernel hands to port-0 servers', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const port = await freePort();
    expect(port).toBeLessThan(low!);
    const srv = createServer();
    await new Promise<void>((resolve, reject) => srv.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => srv.close(resolve));
  });
});
