import type { Envelope } from '@freemarket/contracts';
import type { Db, ProcessedEventsTable, Tx } from '@freemarket/db';
import type { HandlerOutcome } from './port.js';

/**
 * Runs a handler's writes and records the event as processed in one transaction, so a
 * redelivered or replayed event has no second effect. The handler may return 'skipped' when the
 * event no longer applies; its writes still commit with the record.
 */
export async function handleOnce(
  db: Db,
  table: ProcessedEventsTable,
  consumer: string,
  event: Pick<Envelope, 'id'>,
  handler: (tx: Tx) => Promise<void | 'skipped'>,
): Promise<HandlerOutcome> {
  return db.transaction(async (tx) => {
    const claimed = await claimEvents(tx as Tx, table, consumer, [event.id]);
    if (claimed.size === 0) return 'skipped';
    const result = await handler(tx as Tx);
    return result === 'skipped' ? 'skipped' : 'success';
  });
}

/** Records events as processed by `consumer`, in the caller's transaction; returns the ids it had not processed before. */
export async function claimEvents(tx: Tx, table: ProcessedEventsTable, consumer: string, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const claimed = await tx
    .insert(table)
    // In one order, so two transactions claiming the same redelivered events cannot deadlock.
    .values([...new Set(eventIds)].sort().map((eventId) => ({ eventId, consumer })))
    .onConflictDoNothing()
    .returning({ eventId: table.eventId });
  return new Set(claimed.map((r) => r.eventId));
}
