import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@freemarket/db';
import { waitFor } from '@freemarket/testing';
import type { TestProducer } from '../../services/rewards/tests/fixtures/producer/test-producer.js';
import { formatCpu, type CpuMeter } from './cpu.js';
import { credited, fmt, unpublished, workload, type Workload } from './workload.js';

export interface PhaseContext {
  producer: TestProducer;
  /** A connection of the benchmark's own, for counting. */
  probe: Database;
  meter(): Promise<CpuMeter>;
}

async function creditedAll(ctx: PhaseContext, work: Workload, tag: string, timeoutMs: number): Promise<void> {
  await waitFor(`every ${tag} event credited`, async () => (await credited(ctx.probe, tag)).rows >= work.events.length, timeoutMs, 100);
  const totals = await credited(ctx.probe, tag);
  if (totals.points !== work.points) throw new Error(`${tag}: points credited ${totals.points}, expected ${work.points}`);
}

/** Writes a workload `perTx` events to a producer transaction, as fast as it goes. */
async function writeAll(producer: TestProducer, work: Workload, perTx: number): Promise<void> {
  for (let i = 0; i < work.events.length; i += perTx) await producer.emitMany(work.events.slice(i, i + perTx));
}

/** Everything at once: events/s from the first producer commit until the last credit. */
export async function throughput(ctx: PhaseContext, count: number, perTx: number): Promise<void> {
  const work = workload(count, 'burst');
  const cpu = await ctx.meter();
  const started = performance.now();
  await writeAll(ctx.producer, work, perTx);
  const written = performance.now();
  let relayed: number | undefined;
  await waitFor(
    'every burst event credited',
    async () => {
      if (relayed === undefined && (await unpublished(ctx.probe)) === 0) relayed = performance.now();
      return (await credited(ctx.probe, 'burst')).rows >= work.events.length;
    },
    600_000,
    100,
  );
  await creditedAll(ctx, work, 'burst', 1000);
  const done = performance.now();
  const secs = (done - started) / 1000;
  console.log(`\nPhase 1, end to end: ${fmt(work.events.length)} events for ${fmt(work.members)} members, ${perTx} per producer transaction`);
  console.log(`  all committed to the outbox after ${((written - started) / 1000).toFixed(2)} s; all published after ${(((relayed ?? done) - started) / 1000).toFixed(2)} s`);
  console.log(`  every balance credited after ${secs.toFixed(2)} s: ${fmt(work.events.length / secs)} events/s (points exact: ${fmt(work.points)})`);
  console.log(`  CPU per event (ms): ${formatCpu(await cpu.perEvent(work.events.length))}`);
}

/** A steady rate, one event per producer transaction; delay = credit row time − commit time. */
export async function latency(ctx: PhaseContext, rate: number, seconds: number): Promise<void> {
  const work = workload(rate * seconds, 'steady');
  const cpu = await ctx.meter();
  const committedAt = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  let issued = 0;
  while (issued < work.events.length) {
    const due = Math.min(work.events.length, Math.floor(((Date.now() - started) * rate) / 1000));
    for (; issued < due; issued++) {
      const p = ctx.producer.emitMany([work.events[issued]!]).then(([event]) => void committedAt.set(event!.id, Date.now()));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  const achieved = work.events.length / ((Date.now() - started) / 1000);
  await creditedAll(ctx, work, 'steady', 120_000);

  // created_at is clock_timestamp() at the credit's insert, a few ms before its batch commits.
  const rows = await queryRows<{ id: string; at: number }>(
    ctx.probe.db,
    sql`select source_event_id::text as id, (extract(epoch from created_at) * 1000)::float8 as at from rewards.reward_transactions where user_id like 'bench-steady-%'`,
  );
  const delays = rows.map((r) => r.at - committedAt.get(r.id)!).sort((a, b) => a - b);
  const pct = (p: number) => delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)]!.toFixed(0);
  console.log(`\nPhase 2, steady rate: ${fmt(work.events.length)} events at ${fmt(achieved)} events/s, one per producer transaction`);
  console.log(`  commit → credited delay (ms): p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${delays.at(-1)!.toFixed(0)}`);
  console.log(`  CPU per event (ms): ${formatCpu(await cpu.perEvent(work.events.length))}`);
}

/**
 * The consumer alone: events published while the service is down wait in the stream; once it is
 * back, events/s from its start until the last credit.
 */
export async function backlog(ctx: PhaseContext, count: number, perTx: number, restart: { stop(): Promise<void>; start(): Promise<number> }): Promise<void> {
  const work = workload(count, 'backlog');
  await restart.stop();
  await writeAll(ctx.producer, work, perTx);
  await waitFor('the backlog published', async () => (await unpublished(ctx.probe)) === 0, 300_000, 200);
  const servicePid = await restart.start();
  const started = performance.now();
  const cpu = await ctx.meter();
  await waitFor('every backlog event credited', async () => (await credited(ctx.probe, 'backlog')).rows >= work.events.length, 600_000, 100);
  await creditedAll(ctx, work, 'backlog', 1000);
  const secs = (performance.now() - started) / 1000;
  console.log(`\nPhase 3, backlog: ${fmt(work.events.length)} events waiting in the stream when the service (pid ${servicePid}) becomes ready`);
  console.log(`  every balance credited after ${secs.toFixed(2)} s: ${fmt(work.events.length / secs)} events/s`);
  console.log(`  CPU per event (ms): ${formatCpu(await cpu.perEvent(work.events.length))}`);
}
