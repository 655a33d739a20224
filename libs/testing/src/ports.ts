import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports the kernel hands to sockets bound to port 0 and to outgoing connections. */
function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return { low, high };
  } catch {
    // Not Linux: assume its default.
  }
  return { low: 32768, high: 60999 };
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
  });
}

const LOWEST = 10_000;

/**
 * A port nothing listens on right now, for private servers started inside a test. It lies below
 * the ephemeral range: test files run in parallel start services on port 0, and the kernel could
 * otherwise give one of them this port before our server binds it, or while a test has it stopped.
 */
export async function freePort(): Promise<number> {
  const { low } = ephemeralRange();
  for (let attempt = 0; attempt < 100 && low > LOWEST + 1000; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (low - LOWEST));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between ${LOWEST} and ${low}`);
}
