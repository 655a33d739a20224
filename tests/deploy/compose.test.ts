import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isRecord } from './kustomize.js';
import { addressesOfThisMachine, checkServiceEnv, imageEnv, sampleSecrets, SERVICE_NAMES, variablesRead, type EnvCheck } from './service-env.js';

const COMPOSE_FILE = new URL('../../docker-compose.yml', import.meta.url);

/** The compose file with its merge keys (`<<: *env`) applied, as docker compose reads it. */
function readCompose(): Record<string, Record<string, unknown>> {
  const compose: unknown = parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true });
  if (!isRecord(compose) || !isRecord(compose.services)) throw new Error('docker-compose.yml has no services');
  return compose.services as Record<string, Record<string, unknown>>;
}

/** A service's `environment`, in either of compose's forms (a mapping, or a list of NAME=value). */
function environmentOf(service: Record<string, unknown>): Record<string, string> {
  const environment = service.environment ?? {};
  const entries: [string, unknown][] = Array.isArray(environment)
    ? environment.map((line: unknown) => {
        const [name = '', ...value] = String(line).split('=');
        return [name, value.join('=')];
      })
    : Object.entries(environment);
  return Object.fromEntries(entries.map(([name, value]) => [name, value === null || value === undefined ? '' : String(value)]));
}

/**
 * Compose's interpolation against an operator's `.env`: `${NAME}`, `${NAME:-default}`,
 * `${NAME-default}`, `${NAME:?message}`, `${NAME?message}` and `$$`. A required variable the
 * `.env` lacks is an error, as compose refuses to start without it.
 */
function interpolate(value: string, dotEnv: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced?: string, op?: string, arg?: string, bare?: string) => {
    if (match === '$$') return '$';
    const name = braced ?? bare ?? '';
    const set = dotEnv[name];
    const missing = op?.startsWith(':') ? !set : set === undefined;
    if (!missing) return set ?? '';
    if (op?.endsWith('?')) throw new Error(`${name} is required: ${arg}`);
    return op?.endsWith('-') ? (arg ?? '') : '';
  });
}

describe('docker-compose.yml', () => {
  let dotEnv: Record<string, string>;
  beforeAll(async () => {
    // What `scripts/generate-keys.ts > .env` gives an operator (README, Distributed mode).
    const samples = await sampleSecrets();
    dotEnv = { ASSERTION_PRIVATE_KEY: samples.ASSERTION_PRIVATE_KEY ?? '', ASSERTION_PUBLIC_KEY: samples.ASSERTION_PUBLIC_KEY ?? '', OIDC_CLIENT_SECRET: 'sample-client-secret' };
  });

  it('should run every service of the platform from the one image, picked by SERVICE', () => {
    const services = Object.values(readCompose())
      .map((s) => environmentOf(s).SERVICE)
      .filter((name): name is string => name !== undefined);
    expect(services.sort()).toEqual([...SERVICE_NAMES].sort());
  });

  /** Each service's environment in the compose file interpolated with `env` as its `.env`, or why compose refuses it. */
  function environments(env: Record<string, string>): Record<string, Record<string, string> | Error> {
    const out: Record<string, Record<string, string> | Error> = {};
    for (const [name, service] of Object.entries(readCompose())) {
      const raw = environmentOf(service);
      if (raw.SERVICE === undefined) continue;
      try {
        out[name] = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, interpolate(v, env)]));
      } catch (err) {
        out[name] = err instanceof Error ? err : new Error(String(err));
      }
    }
    return out;
  }

  /** Each service's start-up check against the compose file interpolated with `env` as its `.env`. */
  function checkAll(env: Record<string, string>): Record<string, EnvCheck> {
    return Object.fromEntries(
      Object.entries(environments(env)).map(([name, environment]) => [
        name,
        environment instanceof Error ? { unknown: [], error: environment.message } : checkServiceEnv(environment.SERVICE ?? '', environment),
      ]),
    );
  }
  const allClean = (checks: Record<string, EnvCheck>) => Object.fromEntries(Object.keys(checks).map((name) => [name, { unknown: [], error: null }]));

  it('should give each service exactly the variables its config reads, every required one included', () => {
    const checks = checkAll(dotEnv);
    expect(checks).toEqual(allClean(checks));
  });

  it('should pass the site-wide settings of .env to every service that reads them, and point no service at localhost', () => {
    // An operator's site (docs/operations.md): every service that reads one of these must follow .env.
    const site = { ...dotEnv, PUBLIC_URL: 'https://market.example', LOG_LEVEL: 'debug' };
    const siteWide = ['PUBLIC_URL', 'LOG_LEVEL'] as const;
    const problems: Record<string, string[]> = {};
    for (const [name, environment] of Object.entries(environments(site))) {
      if (environment instanceof Error) {
        problems[name] = [environment.message];
        continue;
      }
      const service = environment.SERVICE ?? '';
      const read = variablesRead(service, environment);
      problems[name] = [
        ...siteWide.filter((variable) => read.includes(variable) && environment[variable] !== site[variable]).map((variable) => `${variable} is not the .env's`),
        ...addressesOfThisMachine(service, environment),
      ];
    }
    expect(problems).toEqual(Object.fromEntries(Object.keys(problems).map((name) => [name, []])));
  });

  it('should start every service with the old and the new public key on one .env line while keys rotate', async () => {
    const next = (await sampleSecrets()).ASSERTION_PUBLIC_KEY ?? '';
    const checks = checkAll({ ...dotEnv, ASSERTION_PUBLIC_KEY: `${dotEnv.ASSERTION_PUBLIC_KEY}\\n${next}` });
    expect(checks).toEqual(allClean(checks));
    const broken = checkAll({ ...dotEnv, ASSERTION_PUBLIC_KEY: `${dotEnv.ASSERTION_PUBLIC_KEY}\\n${next.slice(0, 60)}` });
    expect(broken.directory?.error).toMatch(/ASSERTION_PUBLIC_KEY: .*key 2 of 2/);
  });

  it('should refuse to start without the assertion keys, naming where to get them', () => {
    const gateway = environmentOf(readCompose().gateway ?? {});
    expect(() => interpolate(gateway.ASSERTION_PRIVATE_KEY ?? '', {})).toThrow(/ASSERTION_PRIVATE_KEY is required: generate a key pair/);
  });
});

describe('the image', () => {
  it('should run its services in production, where each must be given its database', () => {
    expect(imageEnv()).toEqual({ NODE_ENV: 'production' });
  });
});

describe(interpolate.name, () => {
  it('should apply defaults, required markers and escapes as compose does', () => {
    const env = { SET: 'x', EMPTY: '' };
    expect(interpolate('${SET:-d} ${EMPTY:-d} ${EMPTY-d} ${UNSET-d} $SET $$SET', env)).toBe('x d  d x $SET');
    expect(() => interpolate('${EMPTY:?needed}', env)).toThrow('EMPTY is required: needed');
    expect(interpolate('${EMPTY?needed}', env)).toBe('');
  });
});
