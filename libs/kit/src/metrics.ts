import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { App } from './app.js';

export const METRICS_PATH = '/metrics';

/** Seconds; few buckets, because each one is a series per route and status. */
const LATENCY_BUCKETS = [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10];

/** The label of a request no route matched, so probes of random paths add no series. */
export const UNMATCHED_ROUTE = 'unmatched';

type Labels<L extends string> = Partial<Record<L, string | number>>;

export interface ScrapedMetric<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
  /**
   * Called on every scrape: `set` each current value (a counter's is its running total, kept by
   * whatever it counts). Series not set on a scrape are dropped from it.
   */
  read(set: (value: number, labels?: Labels<L>) => void): void | Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry, served on `/metrics`. */
    metrics: Metrics;
  }
}

/**
 * One app's metrics. Each app has its own registry, because local mode runs every service in one
 * process; the process's own figures (event-loop delay, memory, GC) are collected once and
 * served by each.
 */
export class Metrics {
  readonly registry = new Registry();

  /** A gauge whose values are read at scrape time. */
  gauge<L extends string>(metric: ScrapedMetric<L>): void {
    new Gauge<L>({ name: metric.name, help: metric.help, labelNames: metric.labelNames ?? [], registers: [this.registry], collect: readInto(metric) });
  }

  /** A counter whose totals are kept elsewhere (a bus subscription, say) and read at scrape time. */
  counter<L extends string>(metric: ScrapedMetric<L>): void {
    new Counter<L>({ name: metric.name, help: metric.help, labelNames: metric.labelNames ?? [], registers: [this.registry], collect: readInto(metric) });
  }

  /** The text exposition: the process's figures, then this app's. */
  async render(): Promise<string> {
    return (await processRegistry().metrics()) + (await this.registry.metrics());
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

function readInto<L extends string>(metric: ScrapedMetric<L>) {
  return async function collect(this: Gauge<L> | Counter<L>): Promise<void> {
    const values: [number, Labels<L> | undefined][] = [];
    await metric.read((value, labels) => values.push([value, labels]));
    this.reset();
    for (const [value, labels] of values) {
      if (this instanceof Gauge) {
        if (labels) this.set(labels, value);
        else this.set(value);
      } else if (labels) this.inc(labels, value);
      else this.inc(value);
    }
  };
}

let processMetrics: Registry | undefined;

function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 20 });
  }
  return processMetrics;
}

export interface MetricsOptions {
  /** Who may scrape; others get 404, as for a path that does not exist. Default: anyone who reaches the port. */
  allow?: (req: FastifyRequest) => boolean;
}

/**
 * Counts every request in a latency histogram labelled by method, route pattern (never the raw
 * URL, which would make a series per id) and status, and serves `/metrics`.
 */
export function registerMetrics(app: App, options: MetricsOptions = {}): Metrics {
  const metrics = new Metrics();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: latency in seconds; its _count is the request count',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  app.decorate('metrics', metrics);
  // A callback hook: an async one costs a promise and a microtask on every request.
  app.addHook('onResponse', (req, reply, done) => {
    requests.observe({ method: req.method, route: req.routeOptions.url ?? UNMATCHED_ROUTE, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
  const allow = options.allow;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (allow && !allow(req)) return reply.callNotFound();
    const body = await metrics.render();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(body);
  });
  return metrics;
}
