import { fork } from 'node:child_process';
import { AssertionSigner, IDENTITY_HEADER, generateAssertionKeys } from '@freemarket/kit';
import { NatsBus } from '@freemarket/bus';
import { createTestDatabase, freePort, runTag, testBusNames, waitFor } from '@freemarket/testing';
import pg from 'pg';

const N = Number(process.env.N ?? 2000);
const RATE = Number(process.env.RATE ?? 100);
const keys = await generateAssertionKeys();
const db = await createTestDatabase({ postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres', natsUrl: 'nats://127.0.0.1:4222', redisUrl: 'redis://127.0.0.1:6379' });
const bus = testBusNames(runTag());
const port = await freePort();
const child = fork(new URL(process.env.SCRIPT ?? './messaging-instance.ts', import.meta.url).pathname, [], {
  execArgv: ['--expose-gc', '--import', 'tsx', ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROF] : [])],
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: db.url, NATS_URL: 'nats://127.0.0.1:4222', REDIS_URL: process.env.NO_REDIS ? '' : 'redis://127.0.0.1:6379', BUS_STREAM: bus.stream, BUS_SUBJECT_PREFIX: bus.subjectPrefix, ASSERTION_PUBLIC_KEY: keys.publicKeyPem, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', REDIS_KEY_PREFIX: `fm:scratch:${runTag()}:` },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const next = (type: string) => new Promise<any>((r) => { const f = (m: any) => { if (m.type === type) { child.off('message', f); r(m); } }; child.on('message', f); });
await next('ready');
const nats = await NatsBus.connect({ servers: 'nats://127.0.0.1:4222', ...bus });
for (const id of ['a', 'b']) await nats.publish({ id: crypto.randomUUID(), type: 'user.upserted', occurredAt: new Date().toISOString(), producer: 't', data: { id, email: `${id}@x`, firstName: id, lastName: null, profileImageUrl: null } });
const c = new pg.Client({ connectionString: db.url }); await c.connect();
await waitFor('users', async () => Number((await c.query('select count(*) from messaging.users')).rows[0].count) === 2);
const signer = await AssertionSigner.fromPem(keys.privateKeyPem);
const users = Array.from({ length: 200 }, (_, i) => `u${i}`);
for (const id of users) await nats.publish({ id: crypto.randomUUID(), type: 'user.upserted', occurredAt: new Date().toISOString(), producer: 't', data: { id, email: `${id}@x`, firstName: id, lastName: null, profileImageUrl: null } });
await waitFor('users', async () => Number((await c.query('select count(*) from messaging.users')).rows[0].count) === 202);
const headers = await Promise.all(users.map(async (u) => ({ [IDENTITY_HEADER]: await signer.sign({ userId: u }), 'content-type': 'application/json' })));
import { readFileSync } from 'node:fs';
const stat = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return { u: Number(f[11]) * 10, s: Number(f[12]) * 10 }; };
const measure = async () => { const m = next('memory'); child.send({ type: 'measure' }); return (await m).cpuMs as number; };
const run = async (n: number) => {
  const t0 = performance.now(); const lat: number[] = []; const ps: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const due = t0 + (i * 1000) / RATE; const wait = due - performance.now(); if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const s = performance.now();
    ps.push(fetch(`http://127.0.0.1:${port}/api/messages`, { method: 'POST', headers: headers[i % 200]!, body: JSON.stringify({ receiverId: users[(i + 1) % 200], content: `m${i}` }) }).then(async (r) => { await r.text(); if (r.status !== 201) console.log(r.status); lat.push(performance.now() - s); }));
  }
  await Promise.all(ps); lat.sort((a, b) => a - b);
  return { p50: lat[Math.floor(lat.length / 2)], p99: lat[Math.floor(lat.length * 0.99)] };
};
await run(300);
const x0 = (await c.query('select xact_commit from pg_stat_database where datname = current_database()')).rows[0].xact_commit; const c0 = await measure(); const s0 = stat();
const r = await run(N);
const c1 = await measure(); const s1 = stat(); await new Promise((r) => setTimeout(r, 600)); const x1 = (await c.query('select xact_commit from pg_stat_database where datname = current_database()')).rows[0].xact_commit; console.log('commits per POST', (x1 - x0) / N); console.log(`user ${(s1.u - s0.u) / N} ms/POST, system ${(s1.s - s0.s) / N} ms/POST`);
console.log(`rate ${RATE}: cpu per POST ${((c1 - c0) / N).toFixed(2)} ms; latency p50 ${r.p50?.toFixed(1)} p99 ${r.p99?.toFixed(1)}`);
child.kill('SIGTERM'); await nats.close(); await c.end(); await new Promise((r) => setTimeout(r, 1500)); await db.drop();
