import cluster from 'node:cluster';
import httpProxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import { createLogger } from '@freemarket/kit';

/**
 * The ready-made hop the gateway is measured against (run.ts, target (d)): Fastify with
 * @fastify/http-proxy to the same service, as many processes as the gateway has workers, a request
 * log line each at `info` like the gateway's, and nothing else: no session, rate budget, assertion
 * or request rules. The client sends the assertion itself, as it does to nginx.
 */
const workers = Number(process.env.WORKERS ?? 1);
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  });
} else {
  const app = Fastify({ loggerInstance: createLogger('bare-proxy', process.env.LOG_LEVEL ?? 'info') });
  await app.register(httpProxy, { upstream: process.env.UPSTREAM!, prefix: '/api', rewritePrefix: '/api', undici: { connections: 128, pipelining: 1 } });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  // Exits once closed, or after a second: a worker left waiting on its upstream's pool would outlive the run.
  process.once('SIGTERM', () => {
    setTimeout(() => process.exit(0), 1000).unref();
    void app.close().finally(() => process.exit(0));
  });
}
