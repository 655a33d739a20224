import type { Logger } from 'pino';
import type { Envelope } from '@freemarket/contracts';
import type { ProcessedEventsTable, Tx } from '@freemarket/db';
import { claimEvents } from './handle-once.js';
import type { HandlerOutcome } from './port.js';

/**
 * Records a batch of events as processed by `consumer` and runs the handler on those it had not
 * processed before, inside the caller's transaction. An event delivered twice in one batch is
 * handled once. Returns the events handled.
 */
export async function handleBatchOnce<E extends Pick<Envelope, 'id'>>(
  tx: Tx,
  table: ProcessedEventsTable,
  consumer: string,
  events: readonly E[],
  handler: (tx: Tx, events: E[]) => Promise<void>,
): Promise<E[]> {
  const fresh = await claimEvents(tx, table, consumer, events.map((e) => e.id));
  // `delete` is true for the first copy of an id only.
  const todo = events.filter((e) => fresh.delete(e.id));
  if (todo.length > 0) await handler(tx, todo);
  return todo;
}

export interface BatchSettings {
  /** Most events in one transaction. */
  maxBatch: number;
  /** Transactions in flight at once (each holds a database connection). */
  maxParallel: number;
}

interface Pending<E> {
  event: E;
  resolve(outcome: HandlerOutcome): void;
  reject(err: unknown): void;
}

/**
 * Gathers the deliveries in hand into batches and commits each batch in one transaction: a commit
 * and a round trip cost far more than handling one event, so under load this is what lets an
 * instance keep up, and with little load a batch is one event. Each delivery settles only once its
 * batch has committed, so nothing is acknowledged before it is durable. A batch whose transaction
 * fails runs again one event per transaction: only the events that fail alone go back to the bus
 * for redelivery, and the rest are acknowledged.
 */
export class DeliveryBatcher<E extends Pick<Envelope, 'id'>> {
  private readonly queue: Pending<E>[] = [];
  private flushing = 0;

  /**
   * @param commit runs one batch in one transaction and returns the events it handled; the
   * others of the batch had been processed before.
   */
  constructor(
    private readonly settings: BatchSettings,
    private readonly commit: (events: E[]) => Promise<readonly E[]>,
    private readonly logger?: Logger,
  ) {}

  /** `success` once the event's batch has committed, `skipped` if it had been processed before. */
  submit(event: E): Promise<HandlerOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.flushing < this.settings.maxParallel && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.settings.maxBatch);
      this.flushing++;
      void this.flush(batch).finally(() => {
        this.flushing--;
        this.drain();
      });
    }
  }

  private async flush(batch: Pending<E>[]): Promise<void> {
    try {
      await this.run(batch);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      this.logger?.warn({ err, events: batch.length }, 'batch failed; running its events one by one');
      for (const pending of batch) await this.run([pending]).catch((single: unknown) => pending.reject(single));
    }
  }

  private async run(batch: Pending<E>[]): Promise<void> {
    const handled = new Set(await this.commit(batch.map((p) => p.event)));
    // `delete` is true for the first delivery of a handled event only; a second copy in the batch is skipped.
    for (const pending of batch) pending.resolve(handled.delete(pending.event) ? 'success' : 'skipped');
  }
}
