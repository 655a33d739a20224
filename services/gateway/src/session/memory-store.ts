import type { SessionStore } from './store.js';

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Local mode's store. Bounded: when full, the oldest record goes first (a Map iterates in insertion
 * order), so a flood of sign-in attempts cannot grow the process without limit.
 */
export class MemorySessionStore implements SessionStore {
  private readonly records = new Map<string, { value: string; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly maxRecords = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async get(key: string): Promise<string | null> {
    const record = this.records.get(key);
    if (!record) return null;
    if (record.expiresAt <= this.now()) {
      this.records.delete(key);
      return null;
    }
    return record.value;
  }

  async set(key: string, value: string, ttlMs: number, options: { onlyIfExists?: boolean } = {}): Promise<void> {
    if (options.onlyIfExists && (await this.get(key)) === null) return;
    this.records.delete(key);
    if (this.records.size >= this.maxRecords) this.evictOldest();
    this.records.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async take(key: string): Promise<string | null> {
    const value = await this.get(key);
    this.records.delete(key);
    return value;
  }

  async delete(key: string): Promise<void> {
    this.records.delete(key);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.records.clear();
  }

  private evictOldest(): void {
    const oldest = this.records.keys().next();
    if (!oldest.done) this.records.delete(oldest.value);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, record] of this.records) if (record.expiresAt <= now) this.records.delete(key);
  }
}
