import { sql } from 'drizzle-orm';
import type { Envelope } from '@freemarket/contracts';
import { inTransaction, type Db, type ProcessedEventsTable, type TransactionHooks, type Tx } from '@freemarket/db';
import type { HandlerOutcome } from './port.js';
import { statementName } from './statement-name.js';

/**
 * Runs a handler's writes and records the event as processed in one transaction, so a
 * redelivered or replayed event has no second effect. The handler may return 'skipped' when the
 * event no longer applies; its writes still commit with the record. What must follow the commit
 * (work the handler made due) goes to `hooks.onCommit`.
 */
export async function handleOnce(
  db: Db,
  table: ProcessedEventsTable,
  consumer: string,
  event: Pick<Envelope, 'id'>,
  handler: (tx: Tx, hooks: TransactionHooks) => Promise<void | 'skipped'>,
): Promise<HandlerOutcome> {
  return inTransaction(db, async (tx, hooks) => {
    const claimed = await claimEvents(tx, table, consumer, [event.id]);
    if (claimed.size === 0) return 'skipped';
    const result = await handler(tx, hooks);
    return result === 'skipped' ? 'skipped' : 'success';
  });
}

/** Records events as processed by `consumer`, in the caller's transaction; returns the ids it had not processed before. */
export async function claimEvents(tx: Tx, table: ProcessedEventsTable, consumer: string, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  // The ids travel as one array, so the statement reads the same for one event or a batch and
  // Postgres parses it once per connection. In one order, so two transactions claiming the same
  // redelivered events cannot deadlock.
  const claimed = await tx
    .insert(table)
    .select(sql`select e.id, ${sql.placeholder('consumer')}::text, now() from unnest(${sql.placeholder('ids')}::uuid[]) as e(id) order by e.id`)
    .onConflictDoNothing()
    .returning({ eventId: table.eventId })
    .prepare(statementName(table, 'claim'))
    .execute({ consumer, ids: [...new Set(eventIds)] });
  return new Set(claimed.map((r) => r.eventId));
}
