import { randomUUID } from 'node:crypto';
import { eventSchemas, type Envelope, type EventData, type EventType } from '@freemarket/contracts';
import type { DbOrTx, OutboxTable } from '@freemarket/db';

/** Writes events into the producer's outbox, inside the caller's transaction. */
export class Outbox {
  constructor(
    private readonly table: OutboxTable,
    private readonly producer: string,
  ) {}

  /** Validates the data against the contract, so a bad event fails the producer's transaction, not a consumer. */
  async enqueue<T extends EventType>(tx: DbOrTx, type: T, data: EventData<T>, options: { traceparent?: string } = {}): Promise<Envelope<T>> {
    const parsed = eventSchemas[type].parse(data) as EventData<T>;
    const envelope = {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      producer: this.producer,
      data: parsed,
      ...(options.traceparent ? { traceparent: options.traceparent } : {}),
    } as Envelope<T>;
    await tx.insert(this.table).values({ id: envelope.id, type, envelope });
    return envelope;
  }
}
