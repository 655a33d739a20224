import type { Logger } from '@freemarket/kit';
import type { Db, Tx } from '@freemarket/db';
import type { Claim, CreditLedger, CreditOutcome, EventKey } from './credit-ledger.js';
import type { Earning } from './earning.js';

/** `success`: decided now; `skipped`: this consumer had already processed the event. */
export type SubmitOutcome = 'success' | 'skipped';

interface Pending extends Claim {
  resolve(outcome: SubmitOutcome): void;
  reject(err: unknown): void;
}

/** Where the batcher writes, and how much it takes on at once. */
export interface CreditBatcherOptions {
  db: Db;
  ledger: CreditLedger;
  logger: Logger;
  /** Most events in one transaction. */
  maxBatch: number;
  /** Transactions in flight at once. */
  maxParallel: number;
  /** Called after a transaction that credited someone has committed. */
  onCredited(): void;
}

/**
 * Decides the events in hand together, in one transaction per batch: their processed-event
 * records, the member locks, the decisions and the `reward.credited` outbox rows commit at once,
 * in three statements whatever the batch size. A commit (a WAL flush) and a round trip cost far
 * more than a decision, so under load this is what lets one instance keep up; with little load a
 * batch is one event and nothing waits for company. Each event's handler resolves only after its
 * batch has committed, so nothing is acknowledged before it is durable. A batch that fails is
 * retried one event at a time, so a bad event fails alone.
 */
export class CreditBatcher {
  private readonly queue: Pending[] = [];
  private flushing = 0;

  constructor(private readonly options: CreditBatcherOptions) {}

  /** Resolves once the event's batch has committed; rejects if the event cannot be decided. */
  submit(event: EventKey, earning: Earning): Promise<SubmitOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ event, earning, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.flushing < this.options.maxParallel && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.flushing++;
      void this.flush(batch).finally(() => {
        this.flushing--;
        this.drain();
      });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    try {
      this.settle(batch, await this.commit(batch));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      this.options.logger.warn({ err, events: batch.length }, 'credit batch failed; retrying its events one by one');
      for (const pending of batch) {
        try {
          this.settle([pending], await this.commit([pending]));
        } catch (single) {
          pending.reject(single);
        }
      }
    }
  }

  private settle(batch: Pending[], outcomes: Map<Pending, CreditOutcome>): void {
    for (const pending of batch) pending.resolve(outcomes.has(pending) ? 'success' : 'skipped');
    if ([...outcomes.values()].some((o) => o.kind === 'credited')) this.options.onCredited();
  }

  /** One transaction: claim the events and lock their members, then decide them in the order they happened. */
  private async commit(batch: Pending[]): Promise<Map<Pending, CreditOutcome>> {
    const { db, ledger } = this.options;
    return db.transaction(async (transaction) => {
      const tx = transaction as Tx;
      const fresh = await ledger.claim(tx, batch);
      // A redelivery can sit in the same batch as its original: only the first copy is decided.
      const todo = inOrderOfOccurrence(batch.filter((p) => fresh.delete(p.event.id)));
      const outcomes = new Map<Pending, CreditOutcome>();
      if (todo.length === 0) return outcomes;
      const decided = await ledger.decide(tx, todo);
      todo.forEach((pending, i) => outcomes.set(pending, decided[i]!));
      return outcomes;
    });
  }
}

/** The order a batch is decided in: when the events happened, then by id, as one instance alone would. */
function inOrderOfOccurrence(batch: Pending[]): Pending[] {
  const at = new Map(batch.map((p) => [p, Date.parse(p.event.occurredAt)]));
  return batch.sort((a, b) => at.get(a)! - at.get(b)! || (a.event.id < b.event.id ? -1 : 1));
}
