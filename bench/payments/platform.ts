import type { ChildProcess } from 'node:child_process';
import { freePort, waitFor } from '@freemarket/testing';
import { startPackageScript } from '../start-script.js';

/** The services behind the gateway, started in this order (the directory first: identity calls it). */
const SERVICES = ['directory', 'identity', 'social', 'messaging', 'commerce', 'rewards'] as const;
export type ServiceName = (typeof SERVICES)[number] | 'gateway';

export interface PlatformOptions {
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  bus: { stream: string; subjectPrefix: string };
  redisKeyPrefix: string;
  assertionKeys: { publicKeyPem: string; privateKeyPem: string };
  /** Stripe as the commerce service reads it from its environment. */
  stripe: Record<'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL', string>;
  /** The gateway's per-address budget a minute (RATE_LIMIT_IP_PER_MINUTE). */
  ipRateLimitPerMinute: string;
  logLevel: string;
}

/**
 * The whole platform in distributed mode, one process per service and the gateway in front, each
 * started by its package's `start` script as deploy/start-service.sh starts it in production.
 */
export class Platform {
  private readonly children = new Map<ServiceName, ChildProcess>();
  private stopping = false;
  private failed: ((err: Error) => void) | undefined;
  /** Rejects when a process dies before `stop`, so nothing waits out a timeout for a dead service. */
  readonly died: Promise<never> = new Promise<never>((_, reject) => {
    this.failed = reject;
  });
  url = '';

  constructor(private readonly options: PlatformOptions) {
    this.died.catch(() => undefined);
  }

  /** The node process of a service; the gateway's is the primary of its cluster. */
  pid(name: ServiceName): number {
    const pid = this.children.get(name)?.pid;
    if (pid === undefined) throw new Error(`${name} is not running`);
    return pid;
  }

  async start(): Promise<void> {
    const o = this.options;
    const urls: Partial<Record<ServiceName, string>> = {};
    const publicUrl = `http://127.0.0.1:${await freePort()}`;
    // One at a time, as the launcher does: each migrates its schema and the first creates the stream.
    for (const name of SERVICES) {
      const port = await freePort();
      urls[name] = `http://127.0.0.1:${port}`;
      const extra: Record<string, string> =
        name === 'identity'
          ? { PUBLIC_URL: publicUrl, DIRECTORY_URL: urls.directory! }
          : name === 'messaging'
            ? { PUBLIC_URL: publicUrl, REDIS_KEY_PREFIX: `${o.redisKeyPrefix}msg:` }
            : name === 'commerce'
              ? o.stripe
              : {};
      await this.launch(name, {
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: o.logLevel,
        DATABASE_URL: o.databaseUrl,
        NATS_URL: o.natsUrl,
        REDIS_URL: o.redisUrl,
        BUS_STREAM: o.bus.stream,
        BUS_SUBJECT_PREFIX: o.bus.subjectPrefix,
        ASSERTION_PUBLIC_KEY: o.assertionKeys.publicKeyPem,
        ...extra,
      });
      await this.ready(name, `${urls[name]}/readyz`);
    }
    await this.launch('gateway', {
      HOST: '127.0.0.1',
      PORT: new URL(publicUrl).port,
      LOG_LEVEL: o.logLevel,
      PUBLIC_URL: publicUrl,
      REDIS_URL: o.redisUrl,
      REDIS_KEY_PREFIX: o.redisKeyPrefix,
      ASSERTION_PRIVATE_KEY: o.assertionKeys.privateKeyPem,
      IDENTITY_URL: urls.identity!,
      DIRECTORY_URL: urls.directory!,
      SOCIAL_URL: urls.social!,
      MESSAGING_URL: urls.messaging!,
      COMMERCE_URL: urls.commerce!,
      REWARDS_URL: urls.rewards!,
      RATE_LIMIT_IP_PER_MINUTE: o.ipRateLimitPerMinute,
    });
    await this.ready('gateway', `${publicUrl}/readyz`);
    this.url = publicUrl;
  }

  /** SIGTERM to each, the gateway first (its own process group, so its workers go too), and waits for them to exit. */
  async stop(): Promise<void> {
    this.stopping = true;
    const order = [...this.children].reverse();
    for (const [name, child] of order) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        if (name === 'gateway') process.kill(-child.pid!, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // Gone already.
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }
  }

  private async launch(name: ServiceName, env: Record<string, string>): Promise<void> {
    const inherited = { ...process.env };
    // The run's own settings only: no exporter, and each service's default pool.
    for (const key of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'DB_POOL_MAX', 'DATABASE_URL', 'PORT']) delete inherited[key];
    const profile = process.env.BENCH_CPU_PROF ? `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}/${name}` : '';
    const child = await startPackageScript(name, { ...inherited, ...env }, profile, { detached: name === 'gateway' });
    this.children.set(name, child);
    child.once('exit', (code, signal) => {
      if (!this.stopping) this.failed?.(new Error(`${name} exited early (code ${code}, signal ${signal})`));
    });
  }

  private async ready(name: ServiceName, url: string): Promise<void> {
    await Promise.race([this.died, waitFor(`${name} to be ready`, async () => (await fetch(url).catch(() => null))?.ok, 60_000, 200)]);
  }
}
