import type { Logger } from 'pino';
import { and, asc, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Envelope } from '@freemarket/contracts';
import type { Db, OutboxTable } from '@freemarket/db';
import type { EventBus } from './port.js';
import { statementName } from './statement-name.js';

export interface OutboxRelayOptions {
  db: Db;
  table: OutboxTable;
  bus: EventBus;
  logger: Logger;
  batchSize?: number;
  /** How often unpublished rows are retried when nothing kicks the relay. */
  pollIntervalMs?: number;
  /**
   * How long a kick waits for more commits before its pass (default 20 ms): under load one pass
   * then publishes the events of many commits instead of each commit paying for a pass.
   */
  coalesceMs?: number;
}

/**
 * Publishes committed outbox rows and marks them sent once the bus has accepted them. Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so several instances of a service share the work; a bus
 * outage leaves rows unpublished for the next pass, so nothing is lost or invented.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  /** A pass is due within `coalesceMs`: kicks until then ride on it. */
  private due = false;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = true;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly coalesceMs: number;

  constructor(private readonly options: OutboxRelayOptions) {
    this.batchSize = options.batchSize ?? 200;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.coalesceMs = options.coalesceMs ?? 20;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a pass soon (after a commit that wrote events); kicks within `coalesceMs` share one. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else if (!this.due) this.schedule(this.coalesceMs, true);
  }

  /** Publishes until nothing publishable is left; resolves with the number published. */
  async processAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, claimed } = await this.processBatch();
      total += published;
      if (claimed < this.batchSize || published === 0) return total;
    }
  }

  async destroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.due = false;
    await this.running?.catch(() => undefined);
  }

  private schedule(delayMs: number, due = false): void {
    clearTimeout(this.timer);
    this.due = due;
    this.timer = setTimeout(() => {
      this.due = false;
      void this.pass();
    }, delayMs);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = this.processAll();
    let failed = false;
    try {
      await this.running;
    } catch (err) {
      failed = true;
      this.options.logger.warn({ err }, 'outbox relay pass failed; will retry');
    } finally {
      this.running = undefined;
    }
    if (this.stopped) return;
    const rerun = this.again && !failed;
    this.again = false;
    if (rerun) this.schedule(this.coalesceMs, true);
    else this.schedule(this.pollIntervalMs);
  }

  private async processBatch(): Promise<{ published: number; claimed: number }> {
    const { db, table, bus, logger } = this.options;
    return db.transaction(async (tx) => {
      // Planned afresh each pass, not prepared: a plan kept from when the outbox was empty can pick
      // the index of every row by created_at and walk all the published ones on each pass.
      const rows = await tx
        .select({ id: table.id, envelope: table.envelope })
        .from(table)
        .where(isNull(table.publishedAt))
        .orderBy(asc(table.createdAt))
        .limit(this.batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return { published: 0, claimed: 0 };

      const results = await Promise.allSettled(rows.map((row) => bus.publish(row.envelope as Envelope)));
      const sent: string[] = [];
      const failed: { id: string; error: string }[] = [];
      results.forEach((r, i) => {
        const id = rows[i]!.id;
        if (r.status === 'fulfilled') sent.push(id);
        else failed.push({ id, error: r.reason instanceof Error ? r.reason.message : String(r.reason) });
      });
      const attempted = { attempts: sql`${table.attempts} + 1`, lastAttemptedAt: sql`now()` };
      // Prepared: the ids travel as one array, so the text never changes, and the primary key is the
      // only index that can find them, so the kept plan suits any size of outbox.
      if (sent.length > 0) {
        await tx
          .update(table)
          .set({ ...attempted, publishedAt: sql`now()` })
          .where(sql`${table.id} = any(${sql.placeholder('ids')}::uuid[])`)
          .prepare(statementName(table, 'relay_sent'))
          .execute({ ids: sent });
      }
      if (failed.length > 0) {
        const ids = failed.map((f) => f.id);
        await tx.update(table).set({ ...attempted, lastError: failed[0]!.error }).where(inArray(table.id, ids));
        logger.warn({ failed: failed.length, error: failed[0]!.error }, 'outbox events not accepted by the bus; will retry');
      }
      return { published: sent.length, claimed: rows.length };
    });
  }
}

/**
 * Re-publishes every outbox event created in [from, to], published or not. The outbox is the
 * source of truth: after a broker lost messages, this makes the stream whole again, and the
 * consumers' processed_events make the repeats harmless.
 */
export async function replayOutbox(options: { db: Db; table: OutboxTable; bus: EventBus; from: Date; to: Date; batchSize?: number }): Promise<number> {
  const { db, table, bus, from, to } = options;
  const batchSize = options.batchSize ?? 500;
  let count = 0;
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ id: table.id, envelope: table.envelope, createdAt: table.createdAt })
      .from(table)
      .where(
        and(
          gte(table.createdAt, from),
          lte(table.createdAt, to),
          after ? sql`(${table.createdAt}, ${table.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(table.createdAt), asc(table.id))
      .limit(batchSize);
    if (rows.length === 0) return count;
    await Promise.all(rows.map((row) => bus.publish(row.envelope as Envelope)));
    await db.update(table).set({ publishedAt: sql`coalesce(${table.publishedAt}, now())` }).where(inArray(table.id, rows.map((r) => r.id)));
    count += rows.length;
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
