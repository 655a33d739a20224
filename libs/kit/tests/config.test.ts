import { describe, expect, it } from 'vitest';
import { loadServiceConfig } from '../src/service-config.js';
import { ConfigError } from '../src/config.js';

const key = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----';

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
});
