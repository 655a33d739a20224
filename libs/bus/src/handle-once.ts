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
    const claimed = await tx
      .insert(table)
      .values({ eventId: event.id, consumer })
      .onConflictDoNothing()
      .returning({ eventId: table.eventId });
    if (claimed.length === 0) return 'skipped';
    const result = await handler(tx as Tx);
    return result === 'skipped' ? 'skipped' : 'success';
  });
}
