import { describe, expect, it } from 'vitest';
import { ConfigError } from '@freemarket/kit';
import { loadGatewayConfig, type GatewayEnv } from './config.js';
import { cpuCount } from './cpu-limit.js';

const KEY = '-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIA==\\n-----END PRIVATE KEY-----';

function load(env: GatewayEnv) {
  return loadGatewayConfig({ ASSERTION_PRIVATE_KEY: KEY, ...env });
}

function errorOf(env: GatewayEnv): string {
  try {
    loadGatewayConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe(loadGatewayConfig.name, () => {
  it('should default to local mode on port 5000 with the built-in provider and its dev secret', () => {
    const config = load({});
    expect(config.service.port).toBe(5000);
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.oidc).toEqual({ issuerUrl: 'http://localhost:5000/oidc', clientId: 'freemarket-gateway', clientAuthMethod: 'client_secret_basic' });
    expect(config.secrets.oidcClientSecret).toBe('dev-secret');
    expect(config.secrets.assertionPrivateKey).toContain('\n');
    expect(config.upstreams).toEqual({
      identity: ['http://127.0.0.1:5001'],
      directory: ['http://127.0.0.1:5002'],
      social: ['http://127.0.0.1:5003'],
      messaging: ['http://127.0.0.1:5004'],
      commerce: ['http://127.0.0.1:5005'],
      rewards: ['http://127.0.0.1:5006'],
    });
    expect(config.redis.url).toBeNull();
    expect(config.session).toEqual({ idleTimeoutMs: 7 * 86_400_000, absoluteTimeoutMs: 30 * 86_400_000, cacheMs: 2000 });
    expect(config.workers).toBe(1);
    expect(config.web.distDir).toMatch(/web\/dist$/);
  });

  it('should follow PUBLIC_URL for the built-in issuer', () => {
    const config = load({ PUBLIC_URL: 'https://market.example/' });
    expect(config.publicUrl).toBe('https://market.example');
    expect(config.oidc.issuerUrl).toBe('https://market.example/oidc');
  });

  it('should require a client secret for any other issuer', () => {
    expect(errorOf({ ASSERTION_PRIVATE_KEY: KEY, OIDC_ISSUER_URL: 'https://accounts.example' })).toMatch(/OIDC_CLIENT_SECRET: is missing/);
    expect(load({ OIDC_ISSUER_URL: 'https://accounts.example', OIDC_CLIENT_SECRET: 's3cret' }).secrets.oidcClientSecret).toBe('s3cret');
  });

  it('should name every missing or bad variable at once', () => {
    const message = errorOf({ PORT: 'eighty', PUBLIC_URL: 'ftp://x', REDIS_URL: 'localhost:6379', RATE_LIMIT_PER_MINUTE: '0' });
    for (const name of ['ASSERTION_PRIVATE_KEY', 'PORT', 'PUBLIC_URL', 'REDIS_URL', 'RATE_LIMIT_PER_MINUTE']) expect(message).toContain(name);
  });

  it('should run one gateway process per CPU when Redis is there to share sessions, else one', () => {
    expect(load({ REDIS_URL: 'redis://127.0.0.1:6379' }).workers).toBe(cpuCount());
    expect(load({ REDIS_URL: 'redis://127.0.0.1:6379', GATEWAY_WORKERS: '3' }).workers).toBe(3);
    expect(load({}).workers).toBe(1);
    expect(load({ GATEWAY_WORKERS: '1' }).workers).toBe(1);
  });

  it('should refuse several gateway processes without Redis', () => {
    expect(errorOf({ ASSERTION_PRIVATE_KEY: KEY, GATEWAY_WORKERS: '2' })).toMatch(/GATEWAY_WORKERS: more than 1 needs REDIS_URL/);
  });

  it('should take SESSION_CACHE_MS, 0 turning the session cache off', () => {
    expect(load({ SESSION_CACHE_MS: '0' }).session.cacheMs).toBe(0);
    expect(load({ SESSION_CACHE_MS: '1500' }).session.cacheMs).toBe(1500);
    expect(errorOf({ ASSERTION_PRIVATE_KEY: KEY, SESSION_CACHE_MS: '60000' })).toMatch(/SESSION_CACHE_MS/);
  });

  it('should take a comma-separated list of instances for a service', () => {
    expect(load({ MESSAGING_URL: 'http://m1:5004, http://m2:5004/' }).upstreams.messaging).toEqual(['http://m1:5004', 'http://m2:5004']);
    expect(errorOf({ ASSERTION_PRIVATE_KEY: KEY, DIRECTORY_URL: 'http://d1:5002,ftp://d2' })).toMatch(/DIRECTORY_URL/);
    expect(errorOf({ ASSERTION_PRIVATE_KEY: KEY, DIRECTORY_URL: ',' })).toMatch(/DIRECTORY_URL/);
  });

  it('should refuse a PUBLIC_URL with a path', () => {
    expect(errorOf({ ASSERTION_PRIVATE_KEY: KEY, PUBLIC_URL: 'https://example.com/app' })).toMatch(/PUBLIC_URL/);
  });

  it('should refuse an absolute session timeout shorter than the idle one', () => {
    expect(errorOf({ ASSERTION_PRIVATE_KEY: KEY, SESSION_IDLE_TIMEOUT: '600', SESSION_ABSOLUTE_TIMEOUT: '60' })).toMatch(/SESSION_ABSOLUTE_TIMEOUT/);
  });
});
