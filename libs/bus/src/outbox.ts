import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { eventSchemas, type Envelope, type EventData, type EventType } from '@freemarket/contracts';
import { preparedStatement, type DbOrTx, type OutboxTable, type PreparedStatement } from '@freemarket/db';

/** Writes events into the producer's outbox, inside the caller's transaction. */
export class Outbox {
  private readonly insert: PreparedStatement;

  constructor(
    private readonly table: OutboxTable,
    private readonly producer: string,
  ) {
    // Prepared once per connection: every state change that announces itself runs this.
    this.insert = preparedStatement(
      `outbox_insert_${getTableConfig(table).schema ?? 'public'}`,
      sql`insert into ${table} (${sql.identifier(table.id.name)}, ${sql.identifier(table.type.name)}, ${sql.identifier(table.envelope.name)})
        values (${sql.placeholder('id')}::uuid, ${sql.placeholder('type')}::text, ${sql.placeholder('envelope')}::jsonb)`,
    );
  }

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
    await this.insert.execute(tx, { id: envelope.id, type, envelope: JSON.stringify(envelope) });
    return envelope;
  }

  /** `enqueue` for many events of one type in one insert. */
  async enqueueAll<T extends EventType>(tx: DbOrTx, type: T, data: readonly EventData<T>[], options: { traceparent?: string } = {}): Promise<Envelope<T>[]> {
    const envelopes = data.map((d) => this.envelope(type, d, options));
    if (envelopes.length > 0) await tx.insert(this.table).values(envelopes.map((envelope) => ({ id: envelope.id, type, envelope })));
    return envelopes;
  }
}
