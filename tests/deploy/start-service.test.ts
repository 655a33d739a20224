import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleSecrets, SERVICE_NAMES } from './service-env.js';

const START_SERVICE = fileURLToPath(new URL('../../deploy/start-service.sh', import.meta.url));

/** The image's entrypoint with SERVICE=`service`, in the image's NODE_ENV, with nothing else but `env`. */
async function startService(service: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn('sh', [START_SERVICE], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', SERVICE: service, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

/** What a process wrote from its own `<service>: ` line on: a library's start-up warning may come before it. */
const reportOf = (service: string, stderr: string) => stderr.slice(stderr.indexOf(`${service}: `));
const STACK_LINE = /^\s+at /m;

let publicKey: string;
beforeAll(async () => {
  publicKey = (await sampleSecrets()).ASSERTION_PUBLIC_KEY ?? '';
});

describe('a service started as its container starts it (deploy/start-service.sh), with a bad setting', () => {
  const backends = SERVICE_NAMES.filter((name) => name !== 'gateway');

  it.each(backends)('%s prints its name and every bad variable, no stack trace, and exits 1', { timeout: 60_000 }, async (service) => {
    const { code, stderr } = await startService(service, { DATABASE_URL: 'mysql://db/freemarket', ASSERTION_PUBLIC_KEY: publicKey });
    expect(code).toBe(1);
    expect(reportOf(service, stderr)).toBe(`${service}: Invalid configuration:\n  - DATABASE_URL: must be postgres://… or pglite:<dir>|pglite:memory\n`);
    expect(stderr).not.toMatch(STACK_LINE);
  });

  it('the gateway prints the same kind of message', { timeout: 60_000 }, async () => {
    const { code, stderr } = await startService('gateway', {});
    expect(code).toBe(1);
    expect(reportOf('gateway', stderr)).toBe('gateway: Invalid configuration:\n  - ASSERTION_PRIVATE_KEY: is missing\n');
    expect(stderr).not.toMatch(STACK_LINE);
  });

  it('a service in the image without DATABASE_URL refuses to start, naming DATABASE_URL, instead of making a database of its own', { timeout: 60_000 }, async () => {
    const { code, stderr } = await startService('directory', { NATS_URL: 'nats://nats:4222', ASSERTION_PUBLIC_KEY: publicKey });
    expect(code).toBe(1);
    expect(reportOf('directory', stderr)).toMatch(/^directory: Invalid configuration:\n {2}- DATABASE_URL: is missing: with NATS_URL set or NODE_ENV=production, name the service's database[^\n]*\n$/);
  });
});
