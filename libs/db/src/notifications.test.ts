import { createServer, Socket, type Server } from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { needs } from '@freemarket/testing/needs';
import { listenPostgres, type NotificationHandlers } from './notifications.js';

const url = process.env.DATABASE_URL;
const channel = () => `test_${randomUUID().replaceAll('-', '_')}`;

/** What a listener heard, in order: payloads, and `listening` / `lost` as they came. */
function recorder(): NotificationHandlers & { events: string[] } {
  const events: string[] = [];
  return { events, notify: (p) => events.push(p), listening: () => events.push('(listening)'), lost: () => events.push('(lost)') };
}

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A TCP hop to Postgres that can go quiet: it stops passing bytes either way, without closing anything. */
async function quietableProxy(target: URL): Promise<{ url: string; quiet(): void; server: Server }> {
  let quiet = false;
  const server = createServer((inbound) => {
    const outbound = new Socket().connect(Number(target.port || 5432), target.hostname);
    inbound.on('data', (d) => !quiet && outbound.write(d));
    outbound.on('data', (d) => !quiet && inbound.write(d));
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as { port: number }).port);
  return { url: proxied.toString(), quiet: () => (quiet = true), server };
}

needs('postgres', 'LISTEN/NOTIFY on a real server, its connections cut and silenced').describe('a Postgres listener', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(() => admin?.end());

  it('passes on notifications in commit order, never its heartbeats', async () => {
    const name = channel();
    const heard = recorder();
    const listener = await listenPostgres(url!, name, heard, { heartbeatMs: 50, heartbeatTimeoutMs: 2_000 });
    await admin.query('begin');
    await admin.query('select pg_notify($1, $2)', [name, 'a']);
    await admin.query('select pg_notify($1, $2)', [name, 'b']);
    await admin.query('commit');
    await admin.query('begin');
    await admin.query('select pg_notify($1, $2)', [name, 'rolled back']);
    await admin.query('rollback');
    await admin.query('select pg_notify($1, $2)', [name, 'c']);
    await until('three notifications', () => heard.events.length >= 4);
    await new Promise((r) => setTimeout(r, 300)); // several heartbeats
    expect(heard.events).toEqual(['(listening)', 'a', 'b', 'c']);
    await listener.close();
  });

  it('syncs: every notification committed before the call is passed on when it resolves', async () => {
    const name = channel();
    const heard = recorder();
    const listener = await listenPostgres(url!, name, heard);
    for (let i = 0; i < 5; i++) {
      await admin.query('select pg_notify($1, $2)', [name, `n${i}`]);
      expect(await listener.sync()).toBe(true);
      expect(heard.events.at(-1)).toBe(`n${i}`);
    }
    await listener.close();
    expect(await listener.sync()).toBe(false);
  });

  it('reports a connection that went quiet as lost once its heartbeat does not come back', async () => {
    const proxy = await quietableProxy(new URL(url!));
    const heard = recorder();
    const listener = await listenPostgres(proxy.url, channel(), heard, { heartbeatMs: 100, heartbeatTimeoutMs: 500 });
    expect(heard.events).toEqual(['(listening)']);
    await new Promise((r) => setTimeout(r, 400)); // heartbeats answered: still listening
    expect(heard.events).toEqual(['(listening)']);
    proxy.quiet();
    const quietAt = Date.now();
    const sync = listener.sync();
    await until('the loss', () => heard.events.includes('(lost)'), 5_000);
    expect(Date.now() - quietAt).toBeLessThan(2_000);
    expect(await sync).toBe(false);
    await listener.close();
    proxy.server.close();
  });

  it('reports a connection Postgres ended as lost, then listens again', async () => {
    const name = channel();
    const heard = recorder();
    const listener = await listenPostgres(url!, name, heard);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`listen:${name}`]);
    await until('listening again', () => heard.events.filter((e) => e === '(listening)').length === 2);
    expect(heard.events).toEqual(['(listening)', '(lost)', '(listening)']);
    await admin.query('select pg_notify($1, $2)', [name, 'after']);
    await until('the notification', () => heard.events.includes('after'));
    await listener.close();
  });
});
