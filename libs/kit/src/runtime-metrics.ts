import type { ConsumerStats, Subscription } from '@freemarket/bus';
import { queryRows, sql, type Database, type OutboxTable } from '@freemarket/db';
import type { Metrics } from './metrics.js';

/**
 * What every service's runtime adds to its metrics: its connection pool, its outbox backlog and
 * its consumers. Each is read at scrape time; a figure whose source does not answer is left out
 * of that scrape rather than failing it.
 */
export function registerRuntimeMetrics(metrics: Metrics, parts: { database: Database; outbox: OutboxTable; subscriptions: () => readonly Subscription[] }): void {
  const { database } = parts;
  // PGlite is one in-process connection: a pool's figures would mean nothing there.
  if (database.kind === 'postgres') {
    metrics.gauge({
      name: 'db_pool_connections',
      help: 'Pooled database connections by state (busy, idle)',
      labelNames: ['state'],
      read: (set) => {
        const pool = database.poolStats();
        if (!pool) return;
        set(pool.total - pool.idle, { state: 'busy' });
        set(pool.idle, { state: 'idle' });
      },
    });
    metrics.gauge({ name: 'db_pool_waiting_queries', help: 'Queries waiting for a free pooled connection', read: (set) => set(database.poolStats()?.waiting ?? 0) });
    metrics.gauge({ name: 'db_pool_max_connections', help: 'The pool size limit (DB_POOL_MAX)', read: (set) => set(database.poolStats()?.max ?? 0) });
  }

  // One scan of the partial index on unpublished rows serves both outbox figures.
  const readOutbox = onePerScrape(() => outboxBacklog(database, parts.outbox));
  const outboxGauge = (name: string, help: string, pick: (backlog: { unsent: number; oldest: number }) => number) =>
    metrics.gauge({
      name,
      help,
      read: async (set) => {
        const backlog = await readOutbox();
        if (backlog) set(pick(backlog));
      },
    });
  outboxGauge('outbox_unsent_events', 'Events committed to the outbox and not yet accepted by the bus', (b) => b.unsent);
  outboxGauge('outbox_oldest_unsent_age_seconds', 'Age of the oldest outbox event not yet accepted by the bus; 0 when none waits', (b) => b.oldest);

  const readConsumers = onePerScrape(() => consumerStats(parts.subscriptions()));
  const perConsumer = (name: string, help: string, kind: 'gauge' | 'counter', pick: (s: ConsumerStats) => number | null) =>
    metrics[kind]({
      name,
      help,
      labelNames: ['consumer'],
      read: async (set) => {
        for (const stats of await readConsumers()) {
          const value = pick(stats);
          if (value !== null) set(value, { consumer: stats.consumer });
        }
      },
    });
  perConsumer('bus_consumer_pending_events', 'Events on the stream not yet delivered to the consumer (its lag)', 'gauge', (s) => s.pending);
  perConsumer('bus_consumer_ack_pending_events', 'Events delivered to the consumer and not yet acknowledged', 'gauge', (s) => s.ackPending);
  perConsumer('bus_redeliveries_total', 'Deliveries after the first, taken by this instance', 'counter', (s) => s.redeliveries);
  perConsumer('bus_dead_letters_total', 'Events this instance dead-lettered after their last delivery failed, or because they were malformed', 'counter', (s) => s.deadLetters);
}

/** Metrics collected together in one scrape share one read of their source. */
function onePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= read().finally(() => setImmediate(() => (pending = undefined))));
}

async function outboxBacklog(database: Database, table: OutboxTable): Promise<{ unsent: number; oldest: number } | null> {
  try {
    const [row] = await queryRows<{ unsent: number; oldest: number }>(
      database.db,
      sql`select count(*)::int as unsent, coalesce(extract(epoch from now() - min(${table.createdAt})), 0)::float8 as oldest
        from ${table} where ${table.publishedAt} is null`,
    );
    return row ? { unsent: Number(row.unsent), oldest: Math.max(0, Number(row.oldest)) } : null;
  } catch {
    return null;
  }
}

async function consumerStats(subscriptions: readonly Subscription[]): Promise<ConsumerStats[]> {
  const results = await Promise.allSettled(subscriptions.map((s) => s.stats?.()));
  return results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
}
