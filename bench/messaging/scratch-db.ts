import { openDatabase, queryRows, sql, inTransaction } from '@freemarket/db';
import { createTestDatabase } from '@freemarket/testing';
import pg from 'pg';
const t = await createTestDatabase({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', natsUrl: null, redisUrl: null });
const d = await openDatabase({ url: t.url });
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const N = 3000;
for (const [name, fn] of [
  ['drizzle select 1', () => queryRows(d.db, sql`select 1`)],
  ['drizzle tx(select 1)', () => inTransaction(d.db, (tx) => queryRows(tx, sql`select 1`))],
] as const) {
  for (let i = 0; i < 300; i++) await fn();
  const c0 = cpu(); const w0 = performance.now();
  for (let i = 0; i < N; i++) await fn();
  console.log(name, ((cpu() - c0) / N * 1000).toFixed(0), 'µs cpu', ((performance.now() - w0) / N * 1000).toFixed(0), 'µs wall');
}
const p = new pg.Pool({ connectionString: t.url, max: 2 });
for (let i = 0; i < 300; i++) await p.query('select 1');
let c0 = cpu(); let w0 = performance.now();
for (let i = 0; i < N; i++) await p.query('select 1');
console.log('raw pg select 1', ((cpu() - c0) / N * 1000).toFixed(0), 'µs cpu', ((performance.now() - w0) / N * 1000).toFixed(0), 'µs wall');
c0 = cpu(); w0 = performance.now();
for (let i = 0; i < N; i++) await p.query('select $1::int', [i]);
console.log('raw pg select $1', ((cpu() - c0) / N * 1000).toFixed(0), 'µs cpu', ((performance.now() - w0) / N * 1000).toFixed(0), 'µs wall');
await p.end(); await d.close(); await t.drop();
