import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, waitFor } from '@freemarket/testing';
import { treeStat } from './cpu-time.js';
import { startNginx } from './nginx.js';

/**
 * What one proxy hop costs on this machine, apart from anything FreeMarket adds: the same GET of a
 * bare Node upstream (fixed 40-byte JSON) through (1) nginx, (2) a plain Node `http` proxy with a
 * keep-alive agent, (3) Node `http` with an undici pool streaming the answer, (4) a Fastify route
 * forwarding over an undici pool and sending the collected answer, as the gateway's
 * `ServiceForwarder` does, (5) Fastify + @fastify/http-proxy (reply-from over undici), the ready-made
 * way the gateway does not take; none with hooks, sessions, assertions or logs. One process each, measured in turn, CPU per request
 * from /proc. Run by hand to see where the gateway's floor lies (docs/benchmarks.md ## Gateway):
 *   flock /tmp/fm-bench.lock node --import tsx bench/gateway/proxy-hop.ts   (BENCH_DURATION, BENCH_ROUNDS)
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 100;
const role = process.argv[2];

if (role === 'upstream') {
  const body = JSON.stringify({ userId: 'bench-user', balance: 120 });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
} else if (role === 'plain') {
  const upstream = `http://127.0.0.1:${process.env.UPSTREAM_PORT}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const server = http.createServer((req, res) => {
    const forward = http.request(`${upstream}${req.url}`, { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.once('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(forward);
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
} else if (role === 'undici') {
  const { Pool } = await import('undici');
  const pool = new Pool(`http://127.0.0.1:${process.env.UPSTREAM_PORT}`, { connections: 128, pipelining: 1 });
  const server = http.createServer((req, res) => {
    pool
      .stream({ path: req.url!, method: req.method as 'GET', headers: req.headers as Record<string, string>, body: req.method === 'GET' || req.method === 'HEAD' ? null : req }, ({ statusCode, headers }) => {
        res.writeHead(statusCode, headers as http.OutgoingHttpHeaders);
        return res;
      })
      .catch(() => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
} else if (role === 'fastify-request') {
  const { default: Fastify } = await import('fastify');
  const { Pool } = await import('undici');
  const pool = new Pool(`http://127.0.0.1:${process.env.UPSTREAM_PORT}`, { connections: 128, pipelining: 1 });
  const app = Fastify({ logger: false });
  app.all('/api/*', async (req, reply) => {
    const answer = await pool.request({ path: req.url, method: req.method as 'GET', headers: req.headers as Record<string, string>, body: null });
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    return reply.code(answer.statusCode).headers(answer.headers).send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
} else if (role === 'fastify') {
  const { default: Fastify } = await import('fastify');
  const { default: httpProxy } = await import('@fastify/http-proxy');
  const app = Fastify({ logger: false });
  await app.register(httpProxy, {
    upstream: `http://127.0.0.1:${process.env.UPSTREAM_PORT}`,
    prefix: '/api',
    rewritePrefix: '/api',
    undici: { connections: 128, pipelining: 1 },
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
} else {
  await main();
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const here = fileURLToPath(import.meta.url);
  const startNode = (which: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', here, which], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    return child;
  };
  try {
    const upstreamPort = await freePort();
    startNode('upstream', { PORT: String(upstreamPort) });
    const hops: Array<{ label: string; port: number; pid: number }> = [];
    const nginxPort = await freePort();
    const nginx = await startNginx(await mkdtemp(join(tmpdir(), 'fm-proxy-hop-')), nginxPort, upstreamPort, 1);
    children.push(nginx);
    hops.push({ label: 'nginx (1 worker)', port: nginxPort, pid: nginx.pid! });
    for (const [label, which] of [
      ['plain Node http proxy', 'plain'],
      ['Node http server + undici Pool.stream', 'undici'],
      ['Fastify route + undici Pool.request, collected, reply.send (the gateway\'s way)', 'fastify-request'],
      ['Fastify + @fastify/http-proxy (undici)', 'fastify'],
    ] as const) {
      const port = await freePort();
      hops.push({ label, port, pid: startNode(which, { PORT: String(port), UPSTREAM_PORT: String(upstreamPort) }).pid! });
    }
    const url = (port: number) => `http://127.0.0.1:${port}/api/rewards/balance`;
    for (const hop of hops) {
      await waitFor(`${hop.label} to answer`, async () => (await fetch(url(hop.port)).catch(() => null))?.ok === true, 30_000, 100);
      await autocannon({ url: url(hop.port), connections: CONNECTIONS, duration: 3 });
    }
    const results = new Map<string, Array<{ rps: number; p99: number; cpuUs: number; failed: number }>>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const hop of hops) {
        const before = treeStat(hop.pid).cpuMs;
        const result = await autocannon({ url: url(hop.port), connections: CONNECTIONS, duration: DURATION });
        const cpuUs = Math.round(((treeStat(hop.pid).cpuMs - before) * 1000) / Math.max(1, result.requests.total));
        const row = { rps: Math.round(result.requests.average), p99: result.latency.p99, cpuUs, failed: result.errors + result.timeouts + result.non2xx };
        results.set(hop.label, [...(results.get(hop.label) ?? []), row]);
        console.log(`round ${round} ${hop.label}: ${row.rps} req/s, p99 ${row.p99} ms, proxy CPU ${cpuUs} µs/req, load ${loadavg()[0]!.toFixed(2)}`);
      }
    }
    console.log(`\n${availableParallelism()} CPUs, node ${process.version}, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION}s\n`);
    console.log('| proxy hop (one process) | requests/s, each round | p99 ms, each round | proxy CPU µs/req, each round | failures |');
    console.log('|---|---|---|---|---:|');
    for (const [label, rows] of results) {
      const list = (pick: (r: (typeof rows)[number]) => number) => rows.map(pick).join(', ');
      console.log(`| ${label} | ${list((r) => r.rps)} | ${list((r) => r.p99)} | ${list((r) => r.cpuUs)} | ${rows.reduce((s, r) => s + r.failed, 0)} |`);
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}
