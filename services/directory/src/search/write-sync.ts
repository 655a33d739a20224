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
export function before<T>(deadline: number, promise: Promise<T>): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
    timer.unref();
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
