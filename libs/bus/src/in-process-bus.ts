import type { Logger } from 'pino';
import { parseEnvelope, type Envelope, type EventType } from '@freemarket/contracts';
import { durableNameFor } from './nats-bus.js';
import type { ConsumerSpec, ConsumerStats, EventBus, Subscription } from './port.js';

/** Like the JetStream duplicate window: a re-publish of a recent id is dropped. */
const DEDUPE_WINDOW = 10_000;
/** Like a stream with deliver-all: a consumer created later still sees recent history. */
const HISTORY_LIMIT = 10_000;

interface Member {
  spec: ConsumerSpec<EventType>;
  inFlight: Set<Promise<void>>;
  stopped: boolean;
  redeliveries: number;
  deadLetters: number;
}

interface Group {
  members: Member[];
  next: number;
}

/**
 * The bus of local mode: every service in one process, same envelope, same outbox, same
 * idempotent consumers. Members of one durable consumer share deliveries round-robin; a
 * handler that keeps failing has its event dead-lettered after maxDeliver attempts.
 */
export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  readonly deadLetters: { consumer: string; event: unknown; reason: string }[] = [];
  private readonly groups = new Map<string, Group>();
  private readonly seen = new Set<string>();
  private readonly history: Envelope[] = [];
  private closed = false;

  constructor(private readonly logger?: Logger) {}

  async publish(event: Envelope): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    if (this.seen.has(event.id)) return;
    this.remember(event);
    // A JSON round trip, so local mode sees exactly what a broker would carry.
    const wire = JSON.stringify(event);
    for (const [key, group] of this.groups) {
      if (key.endsWith(`|${event.type}`)) this.dispatch(group, wire);
    }
  }

  async consume<T extends EventType>(spec: ConsumerSpec<T>): Promise<Subscription> {
    const key = `${spec.consumer}|${spec.type}`;
    const member: Member = { spec: spec as unknown as ConsumerSpec<EventType>, inFlight: new Set(), stopped: false, redeliveries: 0, deadLetters: 0 };
    let group = this.groups.get(key);
    const isNew = !group;
    if (!group) {
      group = { members: [], next: 0 };
      this.groups.set(key, group);
    }
    group.members.push(member);
    if (isNew) {
      for (const past of this.history) if (past.type === spec.type) this.dispatch(group, JSON.stringify(past));
    }
    return {
      stop: async () => {
        member.stopped = true;
        group.members = group.members.filter((m) => m !== member);
        await Promise.allSettled([...member.inFlight]);
      },
      // Nothing waits undelivered here: an event is handed to a member as it is published.
      stats: async (): Promise<ConsumerStats> => ({
        consumer: durableNameFor(spec.consumer, spec.type),
        pending: 0,
        ackPending: member.inFlight.size,
        redeliveries: member.redeliveries,
        deadLetters: member.deadLetters,
      }),
    };
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    const inFlight = [...this.groups.values()].flatMap((g) => g.members.flatMap((m) => [...m.inFlight]));
    this.groups.clear();
    await Promise.allSettled(inFlight);
  }

  private remember(event: Envelope): void {
    this.seen.add(event.id);
    if (this.seen.size > DEDUPE_WINDOW) this.seen.delete(this.seen.values().next().value as string);
    this.history.push(event);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
  }

  private dispatch(group: Group, wire: string, attempt = 1): void {
    const live = group.members.filter((m) => !m.stopped);
    if (live.length === 0) return;
    const member = live[group.next++ % live.length]!;
    const run = this.deliver(group, member, wire, attempt);
    member.inFlight.add(run);
    void run.finally(() => member.inFlight.delete(run));
  }

  private async deliver(group: Group, member: Member, wire: string, attempt: number): Promise<void> {
    const { spec } = member;
    const maxDeliver = spec.maxDeliver ?? 5;
    if (attempt > 1) member.redeliveries++;
    let event: Envelope;
    try {
      event = parseEnvelope(JSON.parse(wire), spec.type);
    } catch (err) {
      this.deadLetter(member, wire, `malformed: ${String(err)}`);
      return;
    }
    let outcome: string;
    try {
      outcome = await spec.handle(event, { attempt, maxDeliver });
    } catch (err) {
      this.logger?.warn({ err, consumer: spec.consumer, type: spec.type, attempt }, 'event handler failed');
      outcome = 'retry';
    }
    if (outcome !== 'retry') return;
    if (attempt >= maxDeliver) {
      this.deadLetter(member, wire, `failed after ${attempt} attempts`);
      return;
    }
    const delay = Math.min(50 * 2 ** (attempt - 1), 5000);
    setTimeout(() => {
      if (!this.closed) this.dispatch(group, wire, attempt + 1);
    }, delay).unref();
  }

  private deadLetter(member: Member, wire: string, reason: string): void {
    const consumer = member.spec.consumer;
    member.deadLetters++;
    this.logger?.error({ consumer, reason }, 'event dead-lettered');
    this.deadLetters.push({ consumer, event: wire, reason });
    if (this.deadLetters.length > 1000) this.deadLetters.shift();
  }
}
