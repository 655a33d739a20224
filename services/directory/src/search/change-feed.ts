import type { Database, Listener } from '@freemarket/db';

/** What a cache kept in step by a notification channel does with it. */
export interface FeedSubscriber {
  /** A notification's payload. */
  changed(payload: string): void;
  /** Drop everything held: notifications may have been missed. */
  forget(): void;
}

/**
 * One Postgres notification channel feeding an in-memory cache (MarkerCache, ItemCache): the cache
 * may answer only while `live`, from LISTEN's start until its connection is lost; at either edge it
 * forgets everything, since notifications sent in between are gone. `writes` gives read-your-writes.
 */
export class ChangeFeed {
  private isLive = false;
  private listener: Listener | undefined;
  readonly writes = new WriteSync(() => this.listener?.sync() ?? Promise.resolve(false));

  private constructor() {}

  /** Starts listening on `channel`; `onLost` says so (a log line), after the cache has forgotten everything. */
  static async listen(database: Database, channel: string, cache: FeedSubscriber, onLost: () => void): Promise<ChangeFeed> {
    const feed = new ChangeFeed();
    feed.listener = await database.listen(channel, {
      notify: (payload) => cache.changed(payload),
      listening: () => {
        cache.forget();
        feed.isLive = true;
      },
      lost: () => {
        feed.isLive = false;
        cache.forget();
        onLost();
      },
    });
    return feed;
  }

  /** Notifications flow: what the cache holds is current, but for changes not yet heard. */
  get live(): boolean {
    return this.isLive;
  }

  async close(): Promise<void> {
    this.isLive = false;
    await this.listener?.close();
  }
}

/**
 * Read-your-writes for a cache kept in step by Postgres notifications: counts the writes this
 * instance answered and, before a question trusts the cache, makes sure their notifications have
 * been heard (`Listener.sync`), however late Postgres delivers them. One sync at a time; a sync
 * sent after a write covers it.
 */
export class WriteSync {
  private wrote = 0;
  private synced = 0;
  private syncing: { covers: number; done: Promise<boolean> } | undefined;

  /** `sync`: resolves true once every notification sent before it was called has been heard. */
  constructor(private readonly sync: () => Promise<boolean>) {}

  /** Writes counted so far: a question notes this before it reads, and waits for those alone. */
  get writes(): number {
    return this.wrote;
  }

  /** A write this instance answered (after its transaction committed). */
  wroteProfiles(): void {
    this.wrote++;
  }

  /** Resolves true once the notifications of the first `writes` writes are heard; false if a sync fails or the deadline passes. */
  async heard(writes: number, deadline: number): Promise<boolean> {
    while (this.synced < writes) {
      if (!this.syncing) {
        const covers = this.wrote;
        const done = this.sync().then((heard) => {
          if (heard) this.synced = Math.max(this.synced, covers);
          this.syncing = undefined;
          return heard;
        });
        this.syncing = { covers, done };
      }
      const { covers, done } = this.syncing;
      const heard = await before(deadline, done);
      if (heard === undefined || (!heard && covers >= writes)) return false;
    }
    return true;
  }
}

/** What `promise` resolves to, or undefined if the deadline (a Date.now() time) comes first. */
function before<T>(deadline: number, promise: Promise<T>): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
    timer.unref();
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
