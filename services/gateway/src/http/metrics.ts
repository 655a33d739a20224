import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Metrics } from '@freemarket/kit';
import type { ServiceForwarder } from '../proxy/service-forwarder.js';
import type { ServiceName } from '../proxy/routing-table.js';

/** Headers a reverse proxy or load balancer adds: a request bearing one came from outside. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Who may read the gateway's `/metrics`, which it serves on its public port: a scraper that reaches
 * the instance directly (the pod or container address). A request for the public host, or one
 * relayed by the Ingress or another proxy, gets 404 as for any unknown path.
 */
export function scrapeAllowed(publicUrl: string): (req: FastifyRequest) => boolean {
  const publicHost = new URL(publicUrl).host.toLowerCase();
  return (req) => !cameThroughProxy(req.headers) && (req.headers.host ?? '').toLowerCase() !== publicHost;
}

function cameThroughProxy(headers: IncomingHttpHeaders): boolean {
  return PROXY_HEADERS.some((name) => headers[name] !== undefined);
}

/** `gateway_upstream_up`: 1 while the gateway sends requests to an instance, 0 during its cool-down. */
export function registerUpstreamMetrics(metrics: Metrics, forwarders: ReadonlyMap<ServiceName, ServiceForwarder>, upstreams: Record<ServiceName, string[]>): void {
  metrics.gauge({
    name: 'gateway_upstream_up',
    help: 'Whether the gateway routes to a service instance (0 while it is passed over after a refused connection)',
    labelNames: ['service', 'instance'],
    read: (set) => {
      for (const [service, forwarder] of forwarders) {
        for (const instance of upstreams[service]) set(forwarder.isUp(instance) ? 1 : 0, { service, instance });
      }
    },
  });
}
