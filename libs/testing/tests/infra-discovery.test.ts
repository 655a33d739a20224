import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/ports.js';
import { describeInfra, discoverInfra, requireInfra, type DiscoveryOptions, type ResolvedInfra } from '../src/infra-discovery.js';
import { exportInfra, RESOLVED_VARIABLE } from '../src/infra-handoff.js';
import { needs } from '../src/needs.js';

/** Probes that find a service at every address, and remember which addresses they tried. */
function answeringEverywhere(): { options: DiscoveryOptions; tried: string[] } {
  const tried: string[] = [];
  const probe = async (url: string) => void tried.push(url);
  return { options: { probes: { postgres: probe, nats: probe, redis: probe }, findBinary: (name) => `/usr/sbin/${name}` }, tried };
}

/** Default addresses where nothing listens: connecting is refused at once. */
async function closedDefaults(): Promise<DiscoveryOptions> {
  return {
    defaults: {
      postgres: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
      nats: `nats://127.0.0.1:${await freePort()}`,
      redis: `redis://127.0.0.1:${await freePort()}`,
    },
    findBinary: () => null,
  };
}

const everythingReal: ResolvedInfra = {
  postgres: { at: 'postgres://postgres@127.0.0.1:5432/postgres', how: 'DATABASE_URL' },
  nats: { at: 'nats://127.0.0.1:4222', how: 'NATS_URL' },
  redis: { at: 'redis://127.0.0.1:6379', how: 'REDIS_URL' },
  'nats-server': { at: '/usr/sbin/nats-server', how: 'found on PATH' },
  'redis-server': { at: '/usr/bin/redis-server', how: 'found on PATH' },
};

describe(discoverInfra.name, () => {
  it('should use the service a variable names, though another answers on the default address', async () => {
    const { options, tried } = answeringEverywhere();
    const infra = await discoverInfra({ REDIS_URL: 'redis://cache.internal:6380' }, options);
    expect(infra.redis).toEqual({ at: 'redis://cache.internal:6380', how: 'REDIS_URL' });
    expect(tried).not.toContain('redis://127.0.0.1:6379');
    expect(infra.postgres).toEqual({ at: 'postgres://postgres@127.0.0.1:5432/postgres', how: 'answering on its default address' });
    expect(infra.nats.at).toBe('nats://127.0.0.1:4222');
  });

  it('should fall back to the embedded part, quickly, where nothing answers on the default port', async () => {
    const started = Date.now();
    const infra = await discoverInfra({}, await closedDefaults());
    expect(Date.now() - started).toBeLessThan(5000);
    for (const component of ['postgres', 'nats', 'redis'] as const) {
      expect(infra[component].at).toBeNull();
      expect(infra[component].how).toMatch(/^nothing answers on /);
    }
    expect(describeInfra(infra).join('\n')).toMatch(/Redis\s+embedded: in-memory stores \(nothing answers on redis:\/\/127\.0\.0\.1:\d+/);
  });

  it('should stop the run when a variable names a service that does not answer', async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    await expect(discoverInfra({ REDIS_URL: closed }, await closedDefaults())).rejects.toThrow(`Redis: REDIS_URL=${closed} does not answer`);
  });

  it('should force every component embedded with TEST_INFRA=embedded, variables or not', async () => {
    const { options, tried } = answeringEverywhere();
    const infra = await discoverInfra({ TEST_INFRA: 'embedded', DATABASE_URL: 'postgres://db.internal/x' }, options);
    expect(Object.values(infra).map((c) => c.at)).toEqual([null, null, null, null, null]);
    expect(tried).toEqual([]);
  });

  it('should refuse a TEST_INFRA it does not understand', async () => {
    await expect(discoverInfra({ TEST_INFRA: 'real' }, answeringEverywhere().options)).rejects.toThrow(/TEST_INFRA=real is not understood/);
  });
});

describe(requireInfra.name, () => {
  it('should fail naming the one component missing when REQUIRE_INFRA=1', () => {
    const infra = { ...everythingReal, redis: { at: null, how: 'nothing answers on redis://127.0.0.1:6379' } };
    expect(() => requireInfra(infra, { REQUIRE_INFRA: '1' })).toThrow(/^REQUIRE_INFRA=1, but Redis is not real:\n {2}Redis \(nothing answers on redis:\/\/127\.0\.0\.1:6379\): start Redis/);
    expect(() => requireInfra(infra, { REQUIRE_INFRA: '1' })).not.toThrow(/Postgres|NATS/);
  });

  it('should let a run without REQUIRE_INFRA=1 go on embedded', () => {
    expect(() => requireInfra({ ...everythingReal, nats: { at: null, how: 'TEST_INFRA=embedded' } }, {})).not.toThrow();
  });

  it('should fail a forced-embedded run with REQUIRE_INFRA=1 through the discovery child, naming every component', () => {
    const cli = fileURLToPath(new URL('../src/infra-cli.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', cli], { env: { ...process.env, REQUIRE_INFRA: '1', TEST_INFRA: 'embedded' }, encoding: 'utf8' });
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/REQUIRE_INFRA=1, but Postgres, NATS JetStream, Redis, the nats-server binary, the redis-server binary are not real/);
  });
});

describe(needs.name, () => {
  /** Runs `fn` as if the run had chosen `infra`, then puts the run's own choice back. */
  function withInfra(infra: ResolvedInfra, env: NodeJS.ProcessEnv, fn: () => void): void {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, env);
      exportInfra(infra, process.env);
      fn();
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  }

  it('should fail, naming the component and the reason, when REQUIRE_INFRA=1 and it is missing', () => {
    const infra = { ...everythingReal, redis: { at: null, how: 'TEST_INFRA=embedded' } };
    const runsOwn = process.env[RESOLVED_VARIABLE];
    withInfra(infra, { REQUIRE_INFRA: '1' }, () => {
      expect(() => needs('redis', 'counters shared by gateway instances')).toThrow(
        'REQUIRE_INFRA=1, but Redis is not real (Redis: TEST_INFRA=embedded); a test needs Redis: counters shared by gateway instances',
      );
    });
    expect(process.env[RESOLVED_VARIABLE]).toBe(runsOwn);
  });

  it('should hand back the ordinary it when the component is real', () => {
    withInfra(everythingReal, {}, () => {
      expect(needs('redis', 'anything').it).toBe(it);
    });
  });
});
