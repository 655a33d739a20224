import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventSchemas, type Envelope, type EventData, type EventType } from '@freemarket/contracts';
import type { DbOrTx, OutboxTable } from '@freemarket/db';

/** Writes events into the producer's outbox, inside the caller's transaction. */
export class Outbox {
  constructor(
    private readonly table: OutboxTable,
    private readonly producer: string,
  ) {}

  /**
   * The envelope of an event, its data validated against the contract, without writing it: for a
   * producer that writes the outbox row in its own statement (the row's `type` is the envelope's).
   */
  envelope<T extends EventType>(type: T, data: EventData<T>, options: { traceparent?: string } = {}): Envelope<T> {
    const parsed = eventSchemas[type].parse(data) as EventData<T>;
    return {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      producer: this.producer,
      data: parsed,
      ...(options.traceparent ? { traceparent: options.traceparent } : {}),
    } as Envelope<T>;
  }

  /** Validates the data against the contract, so a bad event fails the producer's transaction, not a consumer. */
  async enqueue<T extends EventType>(tx: DbOrTx, type: T, data: EventData<T>, options: { traceparent?: string } = {}): Promise<Envelope<T>> {
    const envelope = this.envelope(type, data, options);
    await tx.insert(this.table).values({ id: envelope.id, type, envelope });
    return envelope;
  }

  /**
   * `enqueue` for many events of one type in one insert. The envelopes travel as one JSON array,
   * so the statement is the same text and costs the same to build whatever their number.
   */
  async enqueueAll<T extends EventType>(tx: DbOrTx, type: T, data: readonly EventData<T>[], options: { traceparent?: string } = {}): Promise<Envelope<T>[]> {
    const envelopes = data.map((d) => this.envelope(type, d, options));
    if (envelopes.length === 0) return envelopes;
    const { id, type: typeColumn, envelope } = this.table;
    await tx.execute(sql`
      insert into ${this.table} (${sql.identifier(id.name)}, ${sql.identifier(typeColumn.name)}, ${sql.identifier(envelope.name)})
      select (e ->> 'id')::uuid, ${type}::text, e from jsonb_array_elements(${JSON.stringify(envelopes)}::jsonb) as e`);
    return envelopes;
  }
}
