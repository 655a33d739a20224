import type { Envelope, EventType } from '@freemarket/contracts';

/**
 * What a handler tells the bus: `success` acks, `skipped` acks without effect (the event no longer
 * applies), `retry` asks for redelivery (up to the consumer's bound, then dead-letter).
 */
export type HandlerOutcome = 'success' | 'skipped' | 'retry';

export interface Delivery {
  /** 1 on the first delivery. */
  attempt: number;
  maxDeliver: number;
}

export interface ConsumerSpec<T extends EventType = EventType> {
  /** Durable name, shared by every instance of the service: e.g. 'rewards'. */
  consumer: string;
  type: T;
  handle(event: Envelope<T>, delivery: Delivery): Promise<HandlerOutcome>;
  /** Deliveries before the event goes to the dead-letter subject; default 5. */
  maxDeliver?: number;
  /** How long an unacked delivery waits before redelivery; default 30 s. */
  ackWaitMs?: number;
}

/** What a consumer's metrics show; null where the bus has no such figure. */
export interface ConsumerStats {
  /** The durable consumer (one per service and event type on NATS). */
  consumer: string;
  /** Events on the stream not yet delivered to the consumer. */
  pending: number | null;
  /** Events delivered and not yet acknowledged. */
  ackPending: number | null;
  /** Deliveries after the first, by this instance, since it started. */
  redeliveries: number;
  /** Events this instance dead-lettered since it started. */
  deadLetters: number;
}

export interface Subscription {
  /** Stops taking new deliveries and waits for the ones in hand. */
  stop(): Promise<void>;
  /** Read when metrics are scraped; the lag figures ask the broker. */
  stats?(): Promise<ConsumerStats>;
}

/** The event bus port (ARCHITECTURE §4): NATS JetStream in distributed mode, in process locally. */
export interface EventBus {
  readonly kind: 'nats' | 'in-process';
  /** Resolves once the event is durably accepted (the JetStream ack); duplicates by id are dropped. */
  publish(event: Envelope): Promise<void>;
  consume<T extends EventType>(spec: ConsumerSpec<T>): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
