import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { loadServiceConfig } from '../src/service-config.js';
import { ConfigError, loadConfigOrReport } from '../src/config.js';

const publicPem = (type: 'ed25519' | 'x25519') =>
  (type === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('x25519')).publicKey.export({ type: 'spki', format: 'pem' }).toString();
const key = publicPem('ed25519');

describe('loadServiceConfig', () => {
  it('names every missing or bad variable in one error', () => {
    const attempt = () => loadServiceConfig('rewards', { port: 5006 }, { PORT: 'eighty', NATS_URL: 'http://x', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('NATS_URL');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('ASSERTION_PUBLIC_KEY');
    }
  });

  it('defaults to an embedded database under ./data and the in-process bus', () => {
    const config = loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: key });
    expect(config.db.url).toBe('pglite:./data/rewards');
    expect(config.bus.natsUrl).toBeNull();
    expect(config.service.port).toBe(5006);
  });

  it('refuses to start without DATABASE_URL on NATS or in production, naming DATABASE_URL, and takes a pglite: address asked for by name', () => {
    for (const env of [{ NATS_URL: 'nats://nats:4222' }, { NODE_ENV: 'production' }]) {
      expect(() => loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: key, ...env })).toThrow(
        /DATABASE_URL: is missing: with NATS_URL set or NODE_ENV=production, name the service's database/,
      );
      expect(loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: key, ...env, DATABASE_URL: 'postgres://db/fm' }).db.url).toBe('postgres://db/fm');
      expect(loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: key, ...env, DATABASE_URL: 'pglite:memory' }).db.url).toBe('pglite:memory');
    }
    // Named with the other bad variables, in the one error.
    expect(() => loadServiceConfig('rewards', { port: 5006 }, { NATS_URL: 'nats://nats:4222' })).toThrow(/DATABASE_URL: is missing[^\n]*\n {2}- ASSERTION_PUBLIC_KEY: is missing/);
    expect(loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: key, NODE_ENV: 'development', NATS_URL: '' }).db.url).toBe('pglite:./data/rewards');
  });

  it('sizes the connection pool at 10, or at the service’s own default, unless DB_POOL_MAX says otherwise', () => {
    expect(loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: key }).db.poolMax).toBe(10);
    expect(loadServiceConfig('directory', { port: 5002, poolMax: 4 }, { ASSERTION_PUBLIC_KEY: key }).db.poolMax).toBe(4);
    expect(loadServiceConfig('directory', { port: 5002, poolMax: 4 }, { ASSERTION_PUBLIC_KEY: key, DB_POOL_MAX: '12' }).db.poolMax).toBe(12);
    expect(() => loadServiceConfig('directory', { port: 5002, poolMax: 4 }, { ASSERTION_PUBLIC_KEY: key, DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
  });

  it('treats empty variables as unset', () => {
    const config = loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: key, NATS_URL: '', REDIS_URL: '' });
    expect(config.bus.natsUrl).toBeNull();
    expect(config.redisUrl).toBeNull();
  });

  describe('ASSERTION_PUBLIC_KEY', () => {
    const refusal = (value: string) => {
      try {
        loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: value });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('the config was accepted');
    };

    it('accepts several keys one after another, as a rotation holds the old beside the new', () => {
      const both = `${key}${publicPem('ed25519')}`;
      expect(loadServiceConfig('rewards', { port: 5006 }, { ASSERTION_PUBLIC_KEY: both }).auth.assertionPublicKey).toBe(both);
    });

    it('refuses to start when the second key is cut short, naming that key', () => {
      const cut = key.slice(0, key.indexOf('\n-----END'));
      expect(refusal(`${key}${cut}`)).toMatch(/ASSERTION_PUBLIC_KEY: .*key 2 of 2 is not an SPKI PEM public key/);
    });

    it('refuses to start when the second key\'s body is not a key, naming that key', () => {
      expect(refusal(`${key}-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n`)).toMatch(/ASSERTION_PUBLIC_KEY: .*key 2 of 2 is not a readable SPKI PEM public key/);
    });

    it('refuses a key of another type, and a private key pasted in its place', () => {
      expect(refusal(`${key}${publicPem('x25519')}`)).toMatch(/key 2 of 2 is a x25519 key, not Ed25519/);
      const privatePem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const message = refusal(`${key}${privatePem}`);
      expect(message).toMatch(/key 2 of 2 is not an SPKI PEM public key/);
      // The refusal is logged: it must not echo the secret.
      expect(message).not.toContain(privatePem.split('\n')[1]);
    });

    it('refuses text that holds no key at all', () => {
      expect(refusal('not a key')).toMatch(/ASSERTION_PUBLIC_KEY: .*key 1 of 1 is not an SPKI PEM public key/);
    });
  });
});

describe(loadConfigOrReport.name, () => {
  it('prints a ConfigError as the process name and the message, no stack, and sets exit code 1', () => {
    const printed: unknown[][] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args));
    const exitCode = process.exitCode;
    try {
      expect(loadConfigOrReport('rewards', () => loadServiceConfig('rewards', { port: 5006 }, { DATABASE_URL: 'mysql://x', ASSERTION_PUBLIC_KEY: key }))).toBeUndefined();
      expect(process.exitCode).toBe(1);
      expect(printed).toEqual([['rewards: Invalid configuration:\n  - DATABASE_URL: must be postgres://… or pglite:<dir>|pglite:memory']]);
    } finally {
      process.exitCode = exitCode;
      error.mockRestore();
    }
  });

  it('returns the config when it loads, and throws any other error on', () => {
    expect(loadConfigOrReport('rewards', () => 42)).toBe(42);
    expect(() =>
      loadConfigOrReport('rewards', () => {
        throw new TypeError('a bug');
      }),
    ).toThrow(TypeError);
  });
});
