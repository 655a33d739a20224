import { randomUUID } from 'node:crypto';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { eventSchemas, type Envelope, type EventData, type EventType } from '@freemarket/contracts';
import type { DbOrTx, OutboxTable } from '@freemarket/db';
import { statementName } from './statement-name.js';

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
   * so the statement is the same text whatever their number, and Postgres parses it once per connection.
   */
  async enqueueAll<T extends EventType>(tx: DbOrTx, type: T, data: readonly EventData<T>[], options: { traceparent?: string } = {}): Promise<Envelope<T>[]> {
    const envelopes = data.map((d) => this.envelope(type, d, options));
    if (envelopes.length === 0) return envelopes;
    await this.insertFrom(tx, type, sql.placeholder('envelopes'))
      .prepare(statementName(this.table, 'enqueue_all'))
      .execute({ envelopes: JSON.stringify(envelopes) });
    return envelopes;
  }

  /**
   * The outbox insert of the envelopes in the JSON array `envelopes` that `keep` (a condition on one
   * envelope, `e`) admits. `enqueueAll` runs it alone; a producer whose own statement writes its
   * events puts it there as a data-modifying CTE, so every outbox row is written by this SQL.
   */
  insertFrom(qb: DbOrTx, type: EventType, envelopes: Placeholder, keep?: SQL) {
    // Every column in table order, as insert … select takes them: created now, never attempted.
    return qb.insert(this.table).select(
      sql`select (e ->> 'id')::uuid, ${type}::text, e, now(), 0, null::timestamptz, null::text, null::timestamptz
        from jsonb_array_elements(${envelopes}::jsonb) as e${keep ? sql` where ${keep}` : sql``}`,
    );
  }
}

/** An outbox insert for the caller's statement (see `Outbox.insertFrom`). */
export type OutboxInsert = ReturnType<Outbox['insertFrom']>;
