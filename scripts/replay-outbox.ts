/**
 * Re-publishes the events one service's outbox holds for a time range (by the rows' created_at).
 * The outbox is the source of truth: after the broker lost acknowledged messages (nats-server 2.9
 * fsyncs lazily, so an OS crash can drop them), this makes the stream whole again. Consumers
 * record every event id they handle, so events they already have change nothing.
 *
 *   DATABASE_URL=postgres://… NATS_URL=nats://… \
 *   node --import tsx scripts/replay-outbox.ts --service directory --from 2025-03-01T10:00:00Z [--to …] [--dry-run]
 *
 * Reads DATABASE_URL, NATS_URL, BUS_STREAM and BUS_SUBJECT_PREFIX as the services do. The runbook
 * is in docs/rewards.md.
 */
import { parseArgs } from 'node:util';
import { and, count, gte, lte, sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { NatsBus, replayOutbox } from '@freemarket/bus';
import { openDatabase, outboxTable, queryRows } from '@freemarket/db';
import { createLogger, databaseUrl, natsUrl, parseConfig, readEnvVars } from '@freemarket/kit';

const envSchema = z.object({
  DATABASE_URL: databaseUrl,
  NATS_URL: natsUrl,
  BUS_STREAM: z.string().regex(/^[A-Za-z0-9_-]+$/).default('FREEMARKET'),
  BUS_SUBJECT_PREFIX: z.string().regex(/^[A-Za-z0-9_.-]+$/).default('freemarket'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

const argsSchema = z
  .object({
    service: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be a service (schema) name such as directory'),
    from: z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
    to: z.iso
      .datetime({ offset: true })
      .optional()
      .transform((v) => (v ? new Date(v) : new Date())),
    'dry-run': z.boolean().default(false),
  })
  // Only once both parsed: a bad --from is reported alone.
  .refine((a) => !(a.from instanceof Date && a.to instanceof Date) || a.from <= a.to, { path: ['to'], message: 'must not be before --from' });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { service: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    strict: true,
  });
  const args = parseConfig(argsSchema, values);
  const env = parseConfig(envSchema, readEnvVars(['DATABASE_URL', 'NATS_URL', 'BUS_STREAM', 'BUS_SUBJECT_PREFIX', 'LOG_LEVEL'] as const));
  const logger = createLogger('replay-outbox', env.LOG_LEVEL);
  // Every service keeps its outbox as `<service>.outbox`, built by the same factory.
  const table = outboxTable(pgSchema(args.service));

  const database = await openDatabase({ url: env.DATABASE_URL, poolMax: 2 });
  try {
    const [exists] = await queryRows<{ found: string | null }>(database.db, sql`select to_regclass(${`${args.service}.outbox`})::text as found`);
    if (!exists?.found) throw new Error(`no outbox table ${args.service}.outbox in this database`);
    const [inRange] = await database.db
      .select({ n: count() })
      .from(table)
      .where(and(gte(table.createdAt, args.from), lte(table.createdAt, args.to)));
    const summary = { service: args.service, from: args.from.toISOString(), to: args.to.toISOString(), events: inRange?.n ?? 0 };
    if (args['dry-run']) {
      console.log(JSON.stringify({ ...summary, replayed: 0, dryRun: true }));
      return;
    }
    const bus = await NatsBus.connect({ servers: env.NATS_URL, stream: env.BUS_STREAM, subjectPrefix: env.BUS_SUBJECT_PREFIX, logger, name: 'replay-outbox' });
    try {
      const replayed = await replayOutbox({ db: database.db, table, bus, from: args.from, to: args.to });
      console.log(JSON.stringify({ ...summary, replayed }));
    } finally {
      await bus.close();
    }
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
