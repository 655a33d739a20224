import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { generateAssertionKeys } from '@freemarket/kit';
import { freePort, runTag, testBusNames, waitFor } from '@freemarket/testing';

/** The backend services with their instance counts: the two that scale on their own get two. */
const BACKENDS = { identity: 1, directory: 2, social: 1, messaging: 2, commerce: 1, rewards: 1 } as const;
export type BackendName = keyof typeof BACKENDS;
export type ServiceName = BackendName | 'gateway';
const GATEWAYS = 2;

const START_SCRIPT = fileURLToPath(new URL('../deploy/start-service.sh', import.meta.url));
const ROLES_SQL = fileURLToPath(new URL('../deploy/postgres-init.sql', import.meta.url));

export interface DistributedOptions {
  /** A Postgres superuser URL; the run gets a database of its own and a login role per service. */
  postgresUrl: string;
  natsUrl: string;
  redisUrl: string;
  /** The services' LOG_LEVEL (default `warn`). */
  logLevel?: string;
  /** Where the instances' output goes: this process's (a developer at a terminal), or kept for `logs` (tests; the default). */
  output?: 'inherit' | 'capture';
  /** The first gateway's port; the others are free ports. */
  gatewayPort?: number;
  /** Extra environment of the gateways (rate budgets, say). */
  gatewayEnv?: Record<string, string>;
  /** An OTLP/HTTP endpoint every instance sends the traces of sampled requests to; none when unset. */
  otlpEndpoint?: string;
}

/** One OS process of a service, started by deploy/start-service.sh on a port it keeps across restarts. */
export interface Instance {
  /** `<service>-<n>`, from 1: `directory-2`, `gateway-1`. */
  name: string;
  service: ServiceName;
  url: string;
  /** The node process (the start script `exec`s node); undefined while it is stopped. */
  pid: number | undefined;
}

export interface DistributedStack {
  /** The gateways' URLs; the first is `PUBLIC_URL`, the origin members sign in at. */
  gatewayUrls: string[];
  instances: readonly Instance[];
  instance(name: string): Instance;
  /** The instance's last output lines (pino JSON), across its restarts, when the output is captured. */
  logs(name: string): string[];
  /** Sends `signal` and resolves once the process has exited. */
  kill(name: string, signal: NodeJS.Signals): Promise<void>;
  /** Stops the instance (SIGTERM, so it drains) if it runs, starts it again on its port and waits until it is ready. */
  restart(name: string): Promise<void>;
  /** SIGTERM to every instance, gateways first, then drops the run's database, roles, stream and keys. */
  stop(): Promise<void>;
  databaseUrl: string;
  bus: { stream: string; subjectPrefix: string };
  redisKeyPrefix: string;
}

interface Running extends Instance {
  env: NodeJS.ProcessEnv;
  child: ChildProcess | undefined;
  exited: Promise<void>;
  lines: string[];
}

const KEPT_LINES = 2000;

/**
 * How long an instance may take to start. Every backend starts at once on a machine that may be
 * busy with other work, and with tracing on each loads the OpenTelemetry SDK besides.
 */
const READY_WITHIN_MS = 180_000;

/**
 * The platform as its containers run it, on one machine: every service instance its own OS process
 * started by deploy/start-service.sh, against real Postgres (a fresh database with the roles of
 * deploy/postgres-init.sql), NATS JetStream and Redis under names of this run alone. Two
 * instances each of directory and messaging, one of the other services, two gateways in front
 * listing every instance. Used by the distributed-mode tests and `npm run distributed`.
 */
export async function startDistributedStack(options: DistributedOptions): Promise<DistributedStack> {
  const tag = runTag();
  const bus = testBusNames(tag);
  const redisKeyPrefix = `fm:dist:${tag}:`;
  const database = await createRunDatabase(options.postgresUrl, tag);
  const keys = await generateAssertionKeys();
  const clientSecret = randomBytes(24).toString('base64url');
  // Every commerce instance checks the development provider's payments with the same secret.
  const devWebhookSecret = `whsec_dev_${randomBytes(24).toString('hex')}`;
  const logLevel = options.logLevel ?? 'warn';
  const running: Running[] = [];
  const killAll = () => {
    for (const r of running) if (r.child && r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
  };
  // A test runner that dies, or a developer's Ctrl-C, leaves no service behind.
  process.once('exit', killAll);

  const ports = new Map<string, number>();
  const port = async (name: string) => {
    const p = name === 'gateway-1' && options.gatewayPort ? options.gatewayPort : await freePort();
    ports.set(name, p);
    return p;
  };
  const gatewayUrls: string[] = [];
  for (let n = 1; n <= GATEWAYS; n++) gatewayUrls.push(`http://127.0.0.1:${await port(`gateway-${n}`)}`);
  const publicUrl = gatewayUrls[0]!;
  const upstreams: Partial<Record<BackendName, string[]>> = {};
  for (const [service, count] of Object.entries(BACKENDS) as [BackendName, number][]) {
    upstreams[service] = [];
    for (let n = 1; n <= count; n++) upstreams[service].push(`http://127.0.0.1:${await port(`${service}-${n}`)}`);
  }

  const common = (service: BackendName, n: number): NodeJS.ProcessEnv => ({
    HOST: '127.0.0.1',
    PORT: String(ports.get(`${service}-${n}`)),
    LOG_LEVEL: logLevel,
    DATABASE_URL: database.urlFor(service),
    NATS_URL: options.natsUrl,
    REDIS_URL: options.redisUrl,
    BUS_STREAM: bus.stream,
    BUS_SUBJECT_PREFIX: bus.subjectPrefix,
    ASSERTION_PUBLIC_KEY: keys.publicKeyPem,
  });
  const extra: Record<BackendName, NodeJS.ProcessEnv> = {
    // Identity's directory client takes one address: the first instance.
    identity: { PUBLIC_URL: publicUrl, DIRECTORY_URL: upstreams.directory![0]!, DEV_OIDC_ENABLED: 'true', OIDC_CLIENT_SECRET: clientSecret },
    directory: {},
    social: {},
    // Messaging checks socket Origins against the public URL and keeps its rate windows in Redis.
    messaging: { PUBLIC_URL: publicUrl, REDIS_KEY_PREFIX: `${redisKeyPrefix}msg:` },
    commerce: { DEV_PAYMENTS_ENABLED: 'true', STRIPE_WEBHOOK_SECRET: devWebhookSecret },
    rewards: {},
  };
  const define = (name: string, service: ServiceName, env: NodeJS.ProcessEnv): void => {
    running.push({ name, service, url: `http://127.0.0.1:${ports.get(name)}`, pid: undefined, env, child: undefined, exited: Promise.resolve(), lines: [] });
  };
  for (const [service, count] of Object.entries(BACKENDS) as [BackendName, number][]) {
    for (let n = 1; n <= count; n++) define(`${service}-${n}`, service, { ...common(service, n), ...extra[service] });
  }
  for (let n = 1; n <= GATEWAYS; n++) {
    define(`gateway-${n}`, 'gateway', {
      HOST: '127.0.0.1',
      PORT: String(ports.get(`gateway-${n}`)),
      LOG_LEVEL: logLevel,
      PUBLIC_URL: publicUrl,
      REDIS_URL: options.redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      ASSERTION_PRIVATE_KEY: keys.privateKeyPem,
      OIDC_CLIENT_SECRET: clientSecret,
      // Two gateways share two cores already; a worker per core each would only contend.
      GATEWAY_WORKERS: '1',
      IDENTITY_URL: upstreams.identity!.join(','),
      DIRECTORY_URL: upstreams.directory!.join(','),
      SOCIAL_URL: upstreams.social!.join(','),
      MESSAGING_URL: upstreams.messaging!.join(','),
      COMMERCE_URL: upstreams.commerce!.join(','),
      REWARDS_URL: upstreams.rewards!.join(','),
      ...options.gatewayEnv,
    });
  }

  const launch = (r: Running): void => {
    const inherited = { ...process.env };
    // The run's own settings only: no exporter, no pool size or address from the caller's shell.
    for (const key of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'DB_POOL_MAX', 'DATABASE_URL', 'PORT', 'NODE_OPTIONS', 'VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID']) delete inherited[key];
    // Only requests that arrive with a sampled traceparent are traced, so the rest of the traffic
    // pays little for it; a short export delay, so a test sees a trace soon after the work.
    const tracing = options.otlpEndpoint
      ? { OTEL_EXPORTER_OTLP_ENDPOINT: options.otlpEndpoint, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0', OTEL_BSP_SCHEDULE_DELAY: '200' }
      : {};
    const child = spawn('sh', [START_SCRIPT], {
      env: { ...inherited, ...r.env, ...tracing, SERVICE: r.service, OTEL_SERVICE_NAME: r.service, OTEL_RESOURCE_ATTRIBUTES: `service.instance.id=${r.name}` },
      stdio: ['ignore', options.output === 'inherit' ? 'inherit' : 'pipe', options.output === 'inherit' ? 'inherit' : 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        r.lines.push(line);
        if (r.lines.length > KEPT_LINES) r.lines.splice(0, r.lines.length - KEPT_LINES);
      });
    }
    r.child = child;
    r.pid = child.pid;
    r.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    void r.exited.then(() => {
      if (r.child === child) r.pid = undefined;
    });
  };
  const ready = async (r: Running): Promise<void> => {
    const child = r.child;
    if (!child) throw new Error(`${r.name} was never started`);
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    const died = r.exited.then(() => {
      const last = r.lines.slice(-20).join('\n');
      throw new Error(`${r.name} exited while starting (code ${child.exitCode}, signal ${child.signalCode})${last ? `; its last output:\n${last}` : ''}`);
    });
    died.catch(() => undefined);
    await Promise.race([died, waitFor(`${r.name} to be ready`, async () => !gone() && (await fetch(`${r.url}/readyz`).catch(() => null))?.ok, READY_WITHIN_MS, 100)]);
  };
  const find = (name: string): Running => {
    const r = running.find((i) => i.name === name);
    if (!r) throw new Error(`no instance ${name} (there are ${running.map((i) => i.name).join(', ')})`);
    return r;
  };
  const kill = async (name: string, signal: NodeJS.Signals): Promise<void> => {
    const r = find(name);
    if (!r.child || r.pid === undefined) return;
    r.child.kill(signal);
    await r.exited;
  };

  const stop = async (): Promise<void> => {
    // Gateways first, so nothing reaches a service that is going away.
    for (const group of [running.filter((r) => r.service === 'gateway'), running.filter((r) => r.service !== 'gateway')]) {
      await Promise.all(
        group.map(async (r) => {
          if (r.pid === undefined) return;
          const timer = setTimeout(() => r.child?.kill('SIGKILL'), 15_000);
          await kill(r.name, 'SIGTERM');
          clearTimeout(timer);
        }),
      );
    }
    process.off('exit', killAll);
    await database.drop();
    await cleanUpBusAndKeys(options, bus.stream, redisKeyPrefix);
  };

  try {
    // Every backend at once: migrations take an advisory lock per schema, and the stream's creation tolerates a race.
    const backends = running.filter((r) => r.service !== 'gateway');
    backends.forEach(launch);
    await Promise.all(backends.map(ready));
    const gateways = running.filter((r) => r.service === 'gateway');
    gateways.forEach(launch);
    await Promise.all(gateways.map(ready));
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }

  return {
    gatewayUrls,
    instances: running,
    instance: find,
    logs: (name) => find(name).lines,
    kill,
    async restart(name) {
      const r = find(name);
      if (r.pid !== undefined) await kill(name, 'SIGTERM');
      launch(r);
      await ready(r);
    },
    stop,
    databaseUrl: database.url,
    bus,
    redisKeyPrefix,
  };
}

interface RunDatabase {
  url: string;
  urlFor(service: BackendName): string;
  drop(): Promise<void>;
}

/**
 * A fresh database with the extensions and per-service login roles of deploy/postgres-init.sql,
 * the file itself run with this run's database and role names (roles are shared by the whole
 * server, so each run has its own).
 */
async function createRunDatabase(postgresUrl: string, tag: string): Promise<RunDatabase> {
  const name = `fm_dist_${tag}`;
  const roles = Object.fromEntries(Object.keys(BACKENDS).map((s) => [s, `fm_${tag}_${s}`])) as Record<BackendName, string>;
  const original = await readFile(ROLES_SQL, 'utf8');
  const services = Object.keys(BACKENDS).map((s) => `'${s}'`).join(', ');
  const sql = original.replace(`ARRAY[${services}]`, `ARRAY[${Object.values(roles).map((r) => `'${r}'`).join(', ')}]`).replace('ON DATABASE freemarket', `ON DATABASE ${name}`);
  if (!sql.includes(roles.identity) || sql.includes('DATABASE freemarket')) {
    throw new Error(`deploy/postgres-init.sql no longer lists the roles as ARRAY[${services}] on DATABASE freemarket; update scripts/distributed-stack.ts`);
  }
  const at = (database: string, user?: string) => {
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    if (user) {
      url.username = user;
      url.password = user;
    }
    return url.toString();
  };
  await withClient(postgresUrl, (c) => c.query(`create database ${name}`));
  const dropAll = async () => {
    await withClient(postgresUrl, async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      for (const role of Object.values(roles)) await c.query(`drop role if exists ${role}`);
    });
  };
  try {
    await withClient(at(name), (c) => c.query(sql));
  } catch (err) {
    await dropAll();
    throw err;
  }
  return { url: at(name), urlFor: (service) => at(name, roles[service]), drop: dropAll };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Deletes the run's stream and Redis keys: a shared server keeps them otherwise. */
async function cleanUpBusAndKeys(options: DistributedOptions, stream: string, redisKeyPrefix: string): Promise<void> {
  const nc = await connect({ servers: options.natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
  const redis = new Redis(options.redisUrl);
  try {
    const keys = redis.scanStream({ match: `${redisKeyPrefix}*`, count: 500 });
    for await (const batch of keys as AsyncIterable<string[]>) if (batch.length > 0) await redis.del(...batch);
  } finally {
    await redis.quit();
  }
}
