import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { connect } from '@nats-io/transport-node';
import { headers as natsHeaders, nanos, type MsgHdrs, type NatsConnection } from '@nats-io/nats-core';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstreamManager,
  type Consumer,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { EVENT_SUBJECT_PREFIX, parseEnvelope, subjectFor, type Envelope, type EventType } from '@freemarket/contracts';
import type { ConsumerSpec, ConsumerStats, EventBus, HandlerOutcome, Subscription } from './port.js';
import { inMessagingSpan } from './tracing.js';

export const DEFAULT_STREAM = 'FREEMARKET';

/**
 * The server redelivers without limit; the bus enforces `maxDeliver` itself. With the limit on the
 * server, an instance dying on the last delivery (or a failed dead-letter publish) would leave the
 * event neither handled nor dead-lettered: the server just stops offering it.
 */
const SERVER_MAX_DELIVER = -1;

export interface NatsBusOptions {
  servers: string | string[];
  /** JetStream stream holding every event; default 'FREEMARKET'. */
  stream?: string;
  /** Subjects are `<prefix>.<type>`; default 'freemarket'. */
  subjectPrefix?: string;
  logger?: Logger;
  /** Client name shown by the server's monitoring. */
  name?: string;
  /** Longest wait for a PubAck or a JetStream API reply; default 5000 ms. */
  requestTimeoutMs?: number;
  /** Delay before the 2nd delivery after a retry; doubles per attempt up to maxRetryDelayMs. Default 1000 ms. */
  retryBaseDelayMs?: number;
  /** Default 30000 ms. */
  maxRetryDelayMs?: number;
  /** Handlers in flight per subscription; default 16. */
  concurrency?: number;
  /** JetStream drops a re-published event id seen within this window; default 2 minutes. */
  duplicateWindowMs?: number;
  /** Pause between reconnect attempts; default 1000 ms. */
  reconnectTimeWaitMs?: number;
}

/** Headers on a dead-lettered message, so an operator can tell why it is there. */
export const DLQ_HEADERS = {
  reason: 'Fm-Dlq-Reason',
  error: 'Fm-Dlq-Error',
  consumer: 'Fm-Dlq-Consumer',
  subject: 'Fm-Dlq-Subject',
  streamSeq: 'Fm-Dlq-Stream-Seq',
  deliveries: 'Fm-Dlq-Deliveries',
  eventId: 'Fm-Dlq-Event-Id',
} as const;

export type DeadLetterReason = 'malformed' | 'max-deliveries';

/** `<prefix>.dlq.<consumer>.<type>`; inside `<prefix>.>`, so dead letters are kept by the stream too. */
export function dlqSubjectFor(consumer: string, type: EventType, prefix: string = EVENT_SUBJECT_PREFIX): string {
  return `${prefix}.dlq.${consumer}.${type}`;
}

/** One durable per (service, event type), because nats-server 2.9 allows a single filter subject per consumer. */
export function durableNameFor(consumer: string, type: EventType): string {
  return `${consumer}__${type.replaceAll('.', '_')}`;
}

/** What a subscription needs from its bus, without widening the bus's public API. */
interface BusAccess {
  ensureStream(): Promise<void>;
  ensureConsumer(durable: string, filterSubject: string, maxDeliver: number, ackWaitMs: number): Promise<Consumer>;
  publishDeadLetter(subject: string, data: Uint8Array, h: MsgHdrs, msgID: string): Promise<unknown>;
  isClosed(): boolean;
}

interface Resolved {
  stream: string;
  prefix: string;
  logger: Logger | undefined;
  requestTimeoutMs: number;
  retryBaseDelayMs: number;
  maxRetryDelayMs: number;
  concurrency: number;
  duplicateWindowMs: number;
}

/** The EventBus on NATS JetStream (ARCHITECTURE §4). */
export class NatsBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly subscriptions = new Set<PullSubscription>();
  private connected = true;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly opts: Resolved,
  ) {
    void this.watchStatus();
  }

  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    const opts: Resolved = {
      stream: options.stream ?? DEFAULT_STREAM,
      prefix: options.subjectPrefix ?? EVENT_SUBJECT_PREFIX,
      logger: options.logger,
      requestTimeoutMs: options.requestTimeoutMs ?? 5000,
      retryBaseDelayMs: options.retryBaseDelayMs ?? 1000,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
      concurrency: Math.max(1, options.concurrency ?? 16),
      duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
    };
    const nc = await connect({
      servers: options.servers,
      name: options.name,
      // A broker outage must only delay events: never give up on the server.
      maxReconnectAttempts: -1,
      reconnectTimeWait: options.reconnectTimeWaitMs ?? 1000,
      timeout: opts.requestTimeoutMs,
    });
    try {
      const jsm = await jetstreamManager(nc, { timeout: opts.requestTimeoutMs });
      const bus = new NatsBus(nc, jsm, jsm.jetstream(), opts);
      await bus.ensureStream();
      return bus;
    } catch (err) {
      await nc.close();
      throw err;
    }
  }

  get stream(): string {
    return this.opts.stream;
  }

  get subjectPrefix(): string {
    return this.opts.prefix;
  }

  async publish(event: Envelope): Promise<void> {
    this.assertUsable();
    const subject = subjectFor(event.type, this.opts.prefix);
    await inMessagingSpan('publish', event, subject, event.traceparent, (traceparent) => this.send(event, subject, traceparent));
  }

  /** One publish; the traceparent header is the publish span's, so consumers continue from it. */
  private async send(event: Envelope, subject: string, traceparent: string | undefined): Promise<void> {
    const h = natsHeaders();
    if (traceparent) h.set('traceparent', traceparent);
    const send = () =>
      this.js.publish(subject, JSON.stringify(event), {
        msgID: event.id,
        headers: h,
        timeout: this.opts.requestTimeoutMs,
        // Fails loudly if some other stream were capturing our subjects.
        expect: { streamName: this.opts.stream },
      });
    try {
      await send();
    } catch (err) {
      // Nothing answering on the subject while connected means no stream captures it (the client
      // calls that "JetStream not enabled"): it was deleted under us, so put it back.
      if (!(err instanceof Error && err.name === 'JetStreamNotEnabled') && !isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
      this.opts.logger?.warn({ stream: this.opts.stream }, 'event stream missing; re-creating it');
      await this.ensureStream();
      await send();
    }
  }

  async consume<T extends EventType>(spec: ConsumerSpec<T>): Promise<Subscription> {
    this.assertUsable();
    const durable = durableNameFor(spec.consumer, spec.type);
    if (!/^[A-Za-z0-9_-]+$/.test(durable)) throw new Error(`invalid consumer name '${spec.consumer}': letters, digits, _ and - only`);
    const maxDeliver = spec.maxDeliver ?? 5;
    const ackWaitMs = spec.ackWaitMs ?? 30_000;
    const consumer = await this.ensureConsumer(durable, subjectFor(spec.type, this.opts.prefix), maxDeliver, ackWaitMs);
    const access: BusAccess = {
      ensureStream: () => this.ensureStream(),
      ensureConsumer: (...args) => this.ensureConsumer(...args),
      publishDeadLetter: (subject, data, h, msgID) => this.js.publish(subject, data, { msgID, headers: h, timeout: this.opts.requestTimeoutMs }),
      isClosed: () => this.nc.isClosed(),
    };
    const sub = new PullSubscription(access, spec as ConsumerSpec<EventType>, durable, consumer, maxDeliver, ackWaitMs, this.opts);
    this.subscriptions.add(sub);
    sub.onStopped(() => this.subscriptions.delete(sub));
    return sub;
  }

  async ping(): Promise<void> {
    this.assertUsable();
    await withTimeout(this.jsm.getAccountInfo(), this.opts.requestTimeoutMs, 'NATS ping');
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.nc.isClosed()) return;
    try {
      // Drain flushes the acks of the handlers that just finished; it cannot while disconnected.
      if (this.connected) await withTimeout(this.nc.drain(), this.opts.requestTimeoutMs, 'NATS drain');
    } catch (err) {
      this.opts.logger?.warn({ err }, 'NATS drain failed; closing');
    } finally {
      if (!this.nc.isClosed()) await this.nc.close();
    }
  }

  private assertUsable(): void {
    if (this.closing || this.nc.isClosed()) throw new Error('NATS bus is closed');
    // Fail fast rather than hold the caller (the outbox relay holds a transaction) for a timeout.
    if (!this.connected) throw new Error('NATS is unreachable (reconnecting)');
  }

  private async watchStatus(): Promise<void> {
    const log = this.opts.logger;
    for await (const s of this.nc.status()) {
      switch (s.type) {
        case 'disconnect':
          this.connected = false;
          log?.warn({ server: s.server }, 'NATS disconnected; reconnecting');
          break;
        case 'reconnect':
          this.connected = true;
          log?.info({ server: s.server }, 'NATS reconnected');
          break;
        case 'error':
          log?.warn({ err: s.error }, 'NATS server error');
          break;
        case 'staleConnection':
          log?.warn('NATS connection stale; reconnecting');
          break;
        case 'slowConsumer':
          log?.warn({ pending: s.pending }, 'NATS slow consumer');
          break;
        default:
          break;
      }
    }
  }

  /** Also re-run when the stream turns out to be gone (someone deleted it under us). */
  private async ensureStream(): Promise<void> {
    const { stream, prefix, duplicateWindowMs } = this.opts;
    const subjects = [`${prefix}.>`];
    const duplicate_window = nanos(duplicateWindowMs);
    try {
      const info = await this.jsm.streams.info(stream);
      const same = info.config.subjects?.length === 1 && info.config.subjects[0] === subjects[0] && info.config.duplicate_window === duplicate_window;
      if (!same) {
        await this.jsm.streams.update(stream, { subjects, duplicate_window });
        this.opts.logger?.info({ stream, subjects }, 'event stream updated');
      }
      return;
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
    }
    try {
      await this.jsm.streams.add({
        name: stream,
        subjects,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window,
      });
      this.opts.logger?.info({ stream, subjects }, 'event stream created');
    } catch (err) {
      // Another instance created it between our info and add.
      if (!(err instanceof JetStreamApiError)) throw err;
      await this.jsm.streams.info(stream);
    }
  }

  private async ensureConsumer(durable: string, filterSubject: string, maxDeliver: number, ackWaitMs: number): Promise<Consumer> {
    const { stream } = this.opts;
    const ack_wait = nanos(ackWaitMs);
    try {
      const info = await this.jsm.consumers.info(stream, durable);
      if (info.config.filter_subject !== filterSubject) {
        throw new Error(`consumer ${stream}/${durable} filters '${info.config.filter_subject}', expected '${filterSubject}'`);
      }
      if (info.config.max_deliver !== SERVER_MAX_DELIVER || info.config.ack_wait !== ack_wait) {
        await this.jsm.consumers.update(stream, durable, { max_deliver: SERVER_MAX_DELIVER, ack_wait });
        this.opts.logger?.info({ stream, consumer: durable, maxDeliver, ackWaitMs }, 'durable consumer updated');
      }
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
      try {
        await this.jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: filterSubject,
          max_deliver: SERVER_MAX_DELIVER,
          ack_wait,
        });
        this.opts.logger?.info({ stream, consumer: durable, filterSubject }, 'durable consumer created');
      } catch (addErr) {
        // Another instance of the service created it first with the same config.
        if (!(addErr instanceof JetStreamApiError)) throw addErr;
        await this.jsm.consumers.info(stream, durable);
      }
    }
    return this.js.consumers.get(stream, durable);
  }
}

/** A loop over one durable pull consumer, with at most `concurrency` handlers in flight. */
class PullSubscription implements Subscription {
  /** Long enough to keep idle pull traffic low, short enough to recover quickly from a lost pull. */
  private static readonly PULL_EXPIRES_MS = 5000;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private readonly loop: Promise<void>;
  private batch: ConsumerMessages | undefined;
  private readonly stoppedListeners: (() => void)[] = [];
  private readonly log: Logger | undefined;
  private redeliveries = 0;
  private deadLetters = 0;

  constructor(
    private readonly bus: BusAccess,
    private readonly spec: ConsumerSpec<EventType>,
    private readonly durable: string,
    private consumer: Consumer,
    private readonly maxDeliver: number,
    private readonly ackWaitMs: number,
    private readonly opts: Resolved,
  ) {
    this.log = opts.logger?.child({ consumer: durable });
    this.loop = this.run();
  }

  /** The broker's lag figures are null when it does not answer in time (it is away, say). */
  async stats(): Promise<ConsumerStats> {
    const info = await withTimeout(this.consumer.info(), this.opts.requestTimeoutMs, 'consumer info').catch(() => null);
    return {
      consumer: this.durable,
      pending: info?.num_pending ?? null,
      ackPending: info?.num_ack_pending ?? null,
      redeliveries: this.redeliveries,
      deadLetters: this.deadLetters,
    };
  }

  onStopped(fn: () => void): void {
    this.stoppedListeners.push(fn);
  }

  async stop(): Promise<void> {
    if (!this.abort.signal.aborted) {
      this.abort.abort();
      // Not awaited: close() settles only once the loop has drained the batch's iterator.
      void this.batch?.close().catch(() => undefined);
    }
    await this.loop;
  }

  private get stopping(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      if (this.inFlight.size >= this.opts.concurrency) {
        await Promise.race(this.inFlight);
        continue;
      }
      try {
        // Ask only for what we can start now: a message buffered here would burn its ack_wait
        // (and a delivery attempt) while waiting for a free slot.
        const batch = await this.consumer.fetch({
          max_messages: this.opts.concurrency - this.inFlight.size,
          expires: PullSubscription.PULL_EXPIRES_MS,
        });
        this.batch = batch;
        if (this.stopping) void batch.close().catch(() => undefined);
        // The client ends a pull it lost across a reconnect on missed heartbeats; this is a backstop.
        const watchdog = setTimeout(() => void batch.close().catch(() => undefined), PullSubscription.PULL_EXPIRES_MS * 3);
        try {
          for await (const m of batch) this.track(this.process(m));
        } finally {
          clearTimeout(watchdog);
          this.batch = undefined;
        }
        failures = 0;
      } catch (err) {
        // The connection only closes for good on close() or a fatal error (e.g. revoked credentials).
        if (this.stopping || this.bus.isClosed()) break;
        failures++;
        this.log?.warn({ err, failures }, 'pulling events failed; retrying');
        await this.pause(Math.min(250 * 2 ** (failures - 1), 5000));
        // A pull on a deleted consumer may fail as 'no responders' rather than 'not found', so
        // check both resources after any failure; both checks are cheap and idempotent.
        if (!this.stopping) await this.recreate();
      }
    }
    await Promise.allSettled(this.inFlight);
    for (const fn of this.stoppedListeners) fn();
  }

  /** Puts back the stream or consumer if they were deleted under us (e.g. an operator reset). */
  private async recreate(): Promise<void> {
    try {
      await this.bus.ensureStream();
      this.consumer = await this.bus.ensureConsumer(this.durable, subjectFor(this.spec.type, this.opts.prefix), this.maxDeliver, this.ackWaitMs);
    } catch (err) {
      this.log?.warn({ err }, 'checking the stream and consumer failed; retrying');
    }
  }

  private async pause(ms: number): Promise<void> {
    await sleep(ms, undefined, { signal: this.abort.signal }).catch(() => undefined);
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private async process(m: JsMsg): Promise<void> {
    const attempt = m.info.deliveryCount;
    if (attempt > 1) this.redeliveries++;
    if (attempt > this.maxDeliver) {
      // Its last attempt ended without an outcome (the instance died, or dead-lettering failed).
      await this.deadLetter(m, 'max-deliveries', `no outcome after ${this.maxDeliver} deliveries`, undefined);
      return;
    }
    let event: Envelope;
    try {
      event = parseEnvelope(JSON.parse(m.string()) as unknown, this.spec.type);
    } catch (err) {
      await this.deadLetter(m, 'malformed', errorText(err), undefined);
      return;
    }
    // The publish span's traceparent (the header), else the one the event was written with.
    const delivered = m.headers?.get('traceparent') || event.traceparent;

    // Tells the server we are still on it, so a slow handler's event is not redelivered meanwhile.
    const keepAlive = setInterval(() => m.working(), Math.max(100, Math.floor(this.ackWaitMs / 2)));
    let outcome: HandlerOutcome | { error: unknown };
    try {
      // The handler's work joins the trace under the consumer span (`traceparent` is that span's).
      outcome = await inMessagingSpan('process', event, m.subject, delivered, (traceparent) =>
        this.spec.handle(traceparent ? { ...event, traceparent } : event, { attempt, maxDeliver: this.maxDeliver }),
      );
    } catch (error) {
      outcome = { error };
    } finally {
      clearInterval(keepAlive);
    }

    if (outcome === 'success' || outcome === 'skipped') {
      m.ack();
      return;
    }
    const why = outcome === 'retry' ? 'handler asked for a retry' : errorText(outcome.error);
    if (typeof outcome === 'object') {
      this.log?.warn({ err: outcome.error, eventId: event.id, attempt }, 'event handler failed');
    }
    if (attempt >= this.maxDeliver) {
      await this.deadLetter(m, 'max-deliveries', why, event.id);
      return;
    }
    m.nak(Math.min(this.opts.retryBaseDelayMs * 2 ** (attempt - 1), this.opts.maxRetryDelayMs));
  }

  private async deadLetter(m: JsMsg, reason: DeadLetterReason, detail: string, eventId: string | undefined): Promise<void> {
    const h = natsHeaders();
    h.set(DLQ_HEADERS.reason, reason);
    h.set(DLQ_HEADERS.error, headerValue(detail));
    h.set(DLQ_HEADERS.consumer, this.spec.consumer);
    h.set(DLQ_HEADERS.subject, m.subject);
    h.set(DLQ_HEADERS.streamSeq, String(m.seq));
    h.set(DLQ_HEADERS.deliveries, String(m.info.deliveryCount));
    if (eventId) h.set(DLQ_HEADERS.eventId, eventId);
    const tp = m.headers?.get('traceparent');
    if (tp) h.set('traceparent', tp);
    const subject = dlqSubjectFor(this.spec.consumer, this.spec.type, this.opts.prefix);
    try {
      // Keyed by stream sequence: if our term is lost and the message comes back, the copy is not doubled.
      await this.bus.publishDeadLetter(subject, m.data, h, `dlq-${this.durable}-${m.seq}`);
      m.term();
      this.deadLetters++;
      this.log?.error({ reason, detail, eventId, streamSeq: m.seq, deliveries: m.info.deliveryCount, dlq: subject }, 'event dead-lettered');
    } catch (err) {
      // Without the copy we must not drop it: leave it to a redelivery (if any are left).
      this.log?.error({ err, reason, eventId, streamSeq: m.seq }, 'dead-lettering failed; event left for redelivery');
      m.nak(this.opts.retryBaseDelayMs);
    }
  }
}

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** NATS header values are single-line; keep them short too. */
function headerValue(s: string): string {
  return s.replace(/[\r\n]+/g, ' ').slice(0, 1000);
}

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
