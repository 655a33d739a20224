import type { Placeholder, SQL } from 'drizzle-orm';
import type { Envelope, EventData, EventType } from '@freemarket/contracts';
import { DeliveryBatcher, handleBatchOnce, handleOnce, InProcessBus, NatsBus, Outbox, OutboxRelay, type BatchSettings, type ConsumerSpec, type EventBus, type OutboxInsert, type Subscription } from '@freemarket/bus';
import { inTransaction, openDatabase, type Database, type Db, type DbOrTx, type OutboxTable, type ProcessedEventsTable, type TransactionHooks, type Tx } from '@freemarket/db';
import { createApp, type App, type ReadinessCheck } from './app.js';
import { describeApi } from './openapi.js';
import { AssertionVerifier } from './assertion.js';
import { createLogger, type Logger } from './logger.js';
import { registerRuntimeMetrics } from './runtime-metrics.js';
import type { ServiceConfig } from './service-config.js';
import { currentTraceparent, withTraceparent } from './telemetry.js';

export interface ServiceTables {
  outbox: OutboxTable;
  processedEvents: ProcessedEventsTable;
}

export interface RuntimeOverrides {
  logger?: Logger;
  /** A bus shared with other services in one process (local mode); the runtime won't close it. */
  bus?: EventBus;
}

/** Writes events into the outbox of the transaction it was handed to. */
export interface Emit {
  <T extends EventType>(type: T, data: EventData<T>): Promise<Envelope<T>>;
  /** Many events of one type, in one insert. */
  all<T extends EventType>(type: T, data: readonly EventData<T>[]): Promise<Envelope<T>[]>;
}

/** Events written by a statement of the caller's own. */
export interface StatementEmit {
  /**
   * Events of one type whose outbox rows the caller's statement writes, with `insert` as a
   * data-modifying CTE: it reads the envelopes from the JSON array placeholder `envelopes`, to be
   * bound to `json`, and writes those `keep` (a condition on one envelope, `e`) admits.
   */
  within<T extends EventType>(type: T, data: readonly EventData<T>[], from: { envelopes: Placeholder; keep?: SQL }): EventsInStatement<T>;
}

/** `Emit` inside `runtime.transaction`. */
export interface TransactionEmit extends Emit, StatementEmit {}

/** What a `consumeOnce` handler may do beyond its writes: follow the commit, and emit events with them. */
export interface ConsumerHooks extends TransactionHooks {
  emit: TransactionEmit;
}

export interface EventsInStatement<T extends EventType> {
  envelopes: Envelope<T>[];
  json: string;
  insert: OutboxInsert;
}

export interface BatchConsumerOptions extends BatchSettings {
  maxDeliver?: number;
  ackWaitMs?: number;
}

/**
 * Everything a service stands on: its database (migrated), the bus, its outbox and relay, its
 * idempotent consumers, and the HTTP app. Services add routes and consumers, then `start()`.
 */
export class ServiceRuntime {
  readonly app: App;
  readonly outbox: Outbox;
  readonly relay: OutboxRelay;
  private readonly consumers: ConsumerSpec<EventType>[] = [];
  private readonly subscriptions: Subscription[] = [];
  private readonly abort = new AbortController();
  private started = false;
  private destroyed: Promise<void> | undefined;

  private constructor(
    readonly config: ServiceConfig,
    readonly logger: Logger,
    readonly database: Database,
    readonly bus: EventBus,
    private readonly ownsBus: boolean,
    readonly tables: ServiceTables,
    /** The one check of the gateway's assertions, for HTTP routes and for anything else (sockets). */
    readonly verifier: AssertionVerifier,
    readiness: ReadinessCheck[],
  ) {
    this.outbox = new Outbox(tables.outbox, config.service.name);
    this.relay = new OutboxRelay({ db: database.db, table: tables.outbox, bus, logger });
    this.app = createApp({
      logger,
      verifier,
      readiness: [
        { name: 'database', check: () => database.ping() },
        // Every state change writes its events to the outbox in its own transaction, and the relay
        // publishes them once the bus answers again: no request waits on the bus.
        { name: 'bus', check: () => bus.ping(), whileDown: 'events wait in the outbox' },
        ...readiness,
      ],
    });
    registerRuntimeMetrics(this.app.metrics, { database, outbox: tables.outbox, subscriptions: () => this.subscriptions });
  }

  static async create(
    config: ServiceConfig,
    options: { tables: ServiceTables; migrationsFolder: string; readiness?: ReadinessCheck[] },
    overrides: RuntimeOverrides = {},
  ): Promise<ServiceRuntime> {
    const logger = overrides.logger ?? createLogger(config.service.name, config.service.logLevel);
    const verifier = await AssertionVerifier.fromPem(config.auth.assertionPublicKey);
    logger.info({ kids: verifier.kids }, 'accepting identity assertions signed by these keys');
    const database = await openDatabase({ url: config.db.url, poolMax: config.db.poolMax, sessionSettings: config.db.sessionSettings });
    try {
      if (config.db.migrate) await database.migrate({ migrationsFolder: options.migrationsFolder, schema: config.service.name });
      const ownsBus = !overrides.bus;
      const natsUrl = config.bus.natsUrl;
      const bus =
        overrides.bus ??
        (natsUrl
          ? await retryStartup('NATS', logger, () =>
              NatsBus.connect({
                servers: natsUrl,
                stream: config.bus.stream,
                subjectPrefix: config.bus.subjectPrefix,
                logger,
                name: config.service.name,
                concurrency: config.bus.concurrency,
              }),
            )
          : new InProcessBus(logger));
      const runtime = new ServiceRuntime(config, logger, database, bus, ownsBus, options.tables, verifier, options.readiness ?? []);
      await describeApi(runtime.app, config.service.name);
      return runtime;
    } catch (err) {
      await database.close().catch(() => undefined);
      throw err;
    }
  }

  get db(): Db {
    return this.database.db;
  }

  /** Aborted when the service shuts down; long polls and loops listen to it. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /**
   * One transaction for a state change and the events describing it; the relay is kicked once it
   * commits. Nothing is published for a transaction that rolls back.
   */
  async transaction<T>(fn: (tx: Tx, emit: TransactionEmit) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (tx, hooks) => fn(tx, this.emitIn(tx, hooks)));
  }

  /** Writes events into `tx`'s outbox; once the transaction commits with any, the relay is kicked. */
  private emitIn(tx: Tx, hooks: TransactionHooks): TransactionEmit {
    let emitted = false;
    const noteEmitted = (count: number) => {
      if (emitted || count === 0) return;
      emitted = true;
      hooks.onCommit(() => this.relay.kick());
    };
    return Object.assign(
      <T extends EventType>(type: T, data: EventData<T>) => {
        noteEmitted(1);
        return this.outbox.enqueue(tx, type, data, { traceparent: currentTraceparent() });
      },
      {
        all: <T extends EventType>(type: T, data: readonly EventData<T>[]) => {
          noteEmitted(data.length);
          return this.outbox.enqueueAll(tx, type, data, { traceparent: currentTraceparent() });
        },
        within: <T extends EventType>(type: T, data: readonly EventData<T>[], from: { envelopes: Placeholder; keep?: SQL }) => {
          noteEmitted(data.length);
          return this.eventsInStatement(tx, type, data, from);
        },
      },
    );
  }

  /**
   * A state change made by one statement, which Postgres runs as its own transaction: the statement
   * writes its events' outbox rows itself (`emit.within`), so they commit together, without the
   * BEGIN and COMMIT round trips of `transaction`. `fn` must run exactly one statement on `db`.
   * The relay is kicked once it has run.
   */
  async statement<T>(fn: (db: Db, emit: StatementEmit) => Promise<T>): Promise<T> {
    let emitted = false;
    const result = await fn(this.db, {
      within: (type, data, from) => {
        emitted ||= data.length > 0;
        return this.eventsInStatement(this.db, type, data, from);
      },
    });
    if (emitted) this.relay.kick();
    return result;
  }

  private eventsInStatement<T extends EventType>(db: DbOrTx, type: T, data: readonly EventData<T>[], from: { envelopes: Placeholder; keep?: SQL }): EventsInStatement<T> {
    const envelopes = data.map((d) => this.outbox.envelope(type, d, { traceparent: currentTraceparent() }));
    return { envelopes, json: JSON.stringify(envelopes), insert: this.outbox.insertFrom(db, type, from.envelopes, from.keep) };
  }

  /**
   * Registers an idempotent consumer: the handler's writes, the events it emits and the
   * processed-event record commit together; `hooks.onCommit` runs what must follow the commit.
   */
  consumeOnce<T extends EventType>(
    type: T,
    handler: (tx: Tx, event: Envelope<T>, hooks: ConsumerHooks) => Promise<void | 'skipped'>,
    options: { maxDeliver?: number } = {},
  ): void {
    const consumer = this.config.service.name;
    this.consume({
      consumer,
      type,
      maxDeliver: options.maxDeliver,
      handle: (event) =>
        withTraceparent(event.traceparent, () => handleOnce(this.db, this.tables.processedEvents, consumer, event, (tx, hooks) => handler(tx, event, { onCommit: hooks.onCommit, emit: this.emitIn(tx, hooks) }))),
    });
  }

  /**
   * Registers idempotent consumers of these event types whose deliveries are handled in batches:
   * one transaction records each event id of a batch once, runs the handler on the events not
   * processed before and commits with what it emits. A batch that fails runs again one event per
   * transaction, so only an event that fails alone is redelivered (see `DeliveryBatcher`).
   */
  consumeBatchesOnce<T extends EventType>(
    types: readonly T[],
    handler: (tx: Tx, events: Envelope<T>[], emit: Emit) => Promise<void>,
    options: BatchConsumerOptions,
  ): void {
    const consumer = this.config.service.name;
    const batcher = new DeliveryBatcher<Envelope<T>>(
      options,
      (events) => this.transaction((tx, emit) => handleBatchOnce(tx, this.tables.processedEvents, consumer, events, (batchTx, fresh) => handler(batchTx, fresh, emit))),
      this.logger,
    );
    for (const type of types) {
      this.consume({ consumer, type, maxDeliver: options.maxDeliver, ackWaitMs: options.ackWaitMs, handle: (event) => batcher.submit(event) });
    }
  }

  /** Registers a raw consumer; prefer `consumeOnce` unless the handler is idempotent by itself. */
  consume<T extends EventType>(spec: ConsumerSpec<T>): void {
    if (this.started) throw new Error('consumers must be registered before start()');
    this.consumers.push(spec as unknown as ConsumerSpec<EventType>);
  }

  async start(): Promise<{ url: string }> {
    this.started = true;
    for (const spec of this.consumers) this.subscriptions.push(await this.bus.consume(spec));
    this.relay.start();
    const url = await this.app.listen({ host: this.config.service.host, port: this.config.service.port });
    this.logger.info({ url }, `${this.config.service.name} listening`);
    return { url };
  }

  /** Idempotent; tears down in reverse order: HTTP (draining requests), consumers, relay, bus, database. */
  destroy(): Promise<void> {
    this.destroyed ??= (async () => {
      this.abort.abort();
      try {
        await this.app.close();
      } finally {
        try {
          await Promise.allSettled(this.subscriptions.map((s) => s.stop()));
          await this.relay.destroy();
        } finally {
          try {
            if (this.ownsBus) await this.bus.close();
          } finally {
            await this.database.close();
          }
        }
      }
    })();
    return this.destroyed;
  }
}

/**
 * Services start in any order (compose, Kubernetes): a dependency that is not up yet gets a
 * little time before start-up fails and the orchestrator restarts us.
 */
async function retryStartup<T>(what: string, logger: Logger, attempt: () => Promise<T>, deadlineMs = 30_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 4000)) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() + delay > deadline) throw err;
      logger.warn({ err, retryInMs: delay }, `${what} not reachable yet; retrying`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
