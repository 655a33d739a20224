import { findExecutable, probeNats, probePostgres, probeRedis, type Probe } from './infra-probes.js';

/**
 * Which real components a test run uses (ARCHITECTURE §8), decided once at its start. For each
 * service: the variable naming it wins; else the service answering on its default local address;
 * else the embedded part of local mode. `TEST_INFRA=embedded` forces every component embedded,
 * as on a bare machine. `REQUIRE_INFRA=1` turns any embedded choice into an error, so CI never
 * quietly runs on less than the real thing.
 */
export type ServiceComponent = 'postgres' | 'nats' | 'redis';
/** Server binaries that tests start of their own, then kill and restart to stage an outage. */
export type BinaryComponent = 'nats-server' | 'redis-server';
export type Component = ServiceComponent | BinaryComponent;

export interface Choice {
  /** The real component: a URL for a service, a path for a binary; null for the embedded part. */
  at: string | null;
  /** How it was chosen, or why nothing real was found. */
  how: string;
}

export type ResolvedInfra = Record<Component, Choice>;

interface ServiceSpec {
  variable: string;
  defaultUrl: string;
  probe: Probe;
}

export const SERVICES: Record<ServiceComponent, ServiceSpec> = {
  postgres: { variable: 'DATABASE_URL', defaultUrl: 'postgres://postgres@127.0.0.1:5432/postgres', probe: probePostgres },
  nats: { variable: 'NATS_URL', defaultUrl: 'nats://127.0.0.1:4222', probe: probeNats },
  redis: { variable: 'REDIS_URL', defaultUrl: 'redis://127.0.0.1:6379', probe: probeRedis },
};

export const BINARIES: readonly BinaryComponent[] = ['nats-server', 'redis-server'];
export const COMPONENTS: readonly Component[] = ['postgres', 'nats', 'redis', ...BINARIES];

/** Names as a person reads them, and what stands in for each when it is not real. */
export const LABELS: Record<Component, { name: string; embedded: string; hint: string }> = {
  postgres: { name: 'Postgres', embedded: 'PGlite in memory', hint: 'start Postgres on 127.0.0.1:5432 (user postgres) or set DATABASE_URL' },
  nats: { name: 'NATS JetStream', embedded: 'the in-process bus', hint: 'start nats-server -js on 127.0.0.1:4222 or set NATS_URL' },
  redis: { name: 'Redis', embedded: 'in-memory stores', hint: 'start Redis on 127.0.0.1:6379 or set REDIS_URL' },
  'nats-server': { name: 'the nats-server binary', embedded: 'none', hint: 'install nats-server (Debian: apt-get install nats-server)' },
  'redis-server': { name: 'the redis-server binary', embedded: 'none', hint: 'install redis-server (Debian: apt-get install redis-server)' },
};

/** The variable that forces every component to its embedded form. */
export const FORCE_VARIABLE = 'TEST_INFRA';
export const FORCE_EMBEDDED = 'embedded';

export const PROBE_TIMEOUT_MS = 1500;

export interface DiscoveryOptions {
  /** Where to look when no variable names a service (tests point these at closed ports). */
  defaults?: Partial<Record<ServiceComponent, string>>;
  probes?: Partial<Record<ServiceComponent, Probe>>;
  findBinary?: (name: BinaryComponent) => string | null;
  timeoutMs?: number;
}

function forcedEmbedded(env: NodeJS.ProcessEnv): boolean {
  const value = env[FORCE_VARIABLE] ?? '';
  if (value === '' || value === 'auto') return false;
  if (value === FORCE_EMBEDDED) return true;
  throw new Error(`${FORCE_VARIABLE}=${value} is not understood: use ${FORCE_VARIABLE}=${FORCE_EMBEDDED}, or leave it unset to use what answers`);
}

/** The URL without its password, for printing. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function reasonOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return reasonOf(err.errors[0]);
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

async function chooseService(component: ServiceComponent, env: NodeJS.ProcessEnv, options: DiscoveryOptions): Promise<Choice> {
  const spec = SERVICES[component];
  const probe = options.probes?.[component] ?? spec.probe;
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const named = env[spec.variable];
  if (named) {
    // A variable is an instruction: when its service does not answer, the run stops rather than
    // quietly testing something else.
    try {
      await probe(named, timeoutMs);
    } catch (err) {
      throw new Error(`${LABELS[component].name}: ${spec.variable}=${redact(named)} does not answer (${reasonOf(err)})`);
    }
    return { at: named, how: spec.variable };
  }
  const url = options.defaults?.[component] ?? spec.defaultUrl;
  try {
    await probe(url, timeoutMs);
    return { at: url, how: 'answering on its default address' };
  } catch (err) {
    return { at: null, how: `nothing answers on ${redact(url)}: ${reasonOf(err)}` };
  }
}

/** Finds what is there. Rejects only when a variable names a service that does not answer. */
export async function discoverInfra(env: NodeJS.ProcessEnv = process.env, options: DiscoveryOptions = {}): Promise<ResolvedInfra> {
  if (forcedEmbedded(env)) {
    const forced: Choice = { at: null, how: `${FORCE_VARIABLE}=${FORCE_EMBEDDED}` };
    return { postgres: forced, nats: forced, redis: forced, 'nats-server': forced, 'redis-server': forced };
  }
  // The three probes run at once: a run waits for the slowest, not their sum.
  const [postgres, nats, redis] = await Promise.allSettled([chooseService('postgres', env, options), chooseService('nats', env, options), chooseService('redis', env, options)]);
  const failures = [postgres, nats, redis].flatMap((s) => (s.status === 'rejected' ? [reasonOf(s.reason)] : []));
  if (postgres.status === 'rejected' || nats.status === 'rejected' || redis.status === 'rejected') {
    throw new Error(`Test infrastructure named by a variable does not answer:\n  ${failures.join('\n  ')}`);
  }
  const binary = (name: BinaryComponent): Choice => {
    const at = (options.findBinary ?? findExecutable)(name);
    return at ? { at, how: 'found on PATH' } : { at: null, how: 'not installed' };
  };
  return { postgres: postgres.value, nats: nats.value, redis: redis.value, 'nats-server': binary('nats-server'), 'redis-server': binary('redis-server') };
}

/** Throws, naming every missing component, when `REQUIRE_INFRA=1` and any of them is embedded. */
export function requireInfra(infra: ResolvedInfra, env: NodeJS.ProcessEnv = process.env): void {
  if (env.REQUIRE_INFRA !== '1') return;
  const missing = COMPONENTS.filter((c) => infra[c].at === null);
  if (missing.length === 0) return;
  const lines = missing.map((c) => `${LABELS[c].name} (${infra[c].how}): ${LABELS[c].hint}`);
  throw new Error(`REQUIRE_INFRA=1, but ${missing.map((c) => LABELS[c].name).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not real:\n  ${lines.join('\n  ')}`);
}

/** One line per component, as printed at the start of a run. */
export function describeInfra(infra: ResolvedInfra): string[] {
  const width = Math.max(...COMPONENTS.map((c) => LABELS[c].name.length));
  return COMPONENTS.map((c) => {
    const { at, how } = infra[c];
    const name = LABELS[c].name.padEnd(width);
    if ((BINARIES as readonly Component[]).includes(c)) return `test infra: ${name}  ${at ? `${at} (outage tests run)` : `none, outage tests skip (${how})`}`;
    return `test infra: ${name}  ${at ? `real at ${redact(at)} (${how})` : `embedded: ${LABELS[c].embedded} (${how})`}`;
  });
}
