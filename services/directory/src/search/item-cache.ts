import type { Database } from '@freemarket/db';
import type { Logger } from '@freemarket/kit';
import { isUuid } from '../shared/uuid.js';
import { ChangeFeed } from './change-feed.js';

/** The channel migration 0008's triggers notify: a profile id whose search result may have changed, or `*`. */
export const ITEM_CHANNEL = 'directory_items';

/** How long a question waits for the notifications of this instance's own writes before it reads every result from Postgres. */
const SYNC_WAIT_MS = 100;

/** Results read from Postgres for one page, kept only if nothing changed them while they were read. */
export interface ItemRead {
  keep(id: string, item: string): void;
  done(): void;
}

/**
 * Search results (spec 01 §3) as anyone but their owner sees them, by profile id, as JSON text
 * without `distanceKm`: a search's statement then finds only the page's keys, and the results it
 * would otherwise write afresh on every request (about 45 µs of Postgres CPU each, most of a
 * nearest-20 search: docs/benchmarks.md, Search) come from memory. Each
 * instance keeps its own, kept in step through Postgres notifications (migration 0008): a change
 * to anything a result shows drops that result in every instance, and the next page that needs it
 * reads it again.
 *
 * It answers only while its notifications flow; from a lost connection until LISTEN is back it
 * holds nothing. The owner's own result is never taken from here (they see their private sections).
 * At most `budget` results are held, the least recently used dropped first.
 */
export class ItemCache {
  /** In use order, the least recent first. */
  private readonly items = new Map<string, string>();
  /** The ids changed while each read under way ran: what those reads must not keep. */
  private readonly reads = new Set<Set<string>>();
  private counts = { hits: 0, misses: 0, dropped: 0 };
  private feed!: ChangeFeed;

  private constructor(private readonly budget: number) {}

  /** Starts listening; the cache answers once notifications flow. */
  static async start(database: Database, budget: number, logger: Logger): Promise<ItemCache> {
    const cache = new ItemCache(budget);
    cache.feed = await ChangeFeed.listen(database, ITEM_CHANNEL, { changed: (p) => cache.changed(p), forget: () => cache.forget() }, () => logger.warn('search result notifications lost; results are read from Postgres until they are back'));
    return cache;
  }

  /** `hits`, `misses`: results asked of the cache and found or not; `dropped`: results dropped by a change. */
  get stats(): { live: boolean; items: number; hits: number; misses: number; dropped: number; writes: number } {
    return { live: this.feed.live, items: this.items.size, ...this.counts, writes: this.feed.writes.writes };
  }

  async close(): Promise<void> {
    await this.feed.close();
    this.forget();
  }

  /**
   * Whether a question may take results from the cache: it is listening, and the notifications of
   * the writes this instance answered before now have been heard (a member who just posted a
   * review sees the new rating on their next search). Notifications already on the socket are
   * heard before the question's own statement returns.
   */
  async usable(): Promise<boolean> {
    if (!this.feed.live) return false;
    return this.feed.writes.heard(this.feed.writes.writes, Date.now() + SYNC_WAIT_MS);
  }

  /** A write this instance answered, after its transaction committed. */
  wroteProfiles(): void {
    this.feed.writes.wroteProfiles();
  }

  /** The result of profile `id` as others see it, if held. */
  get(id: string): string | undefined {
    const item = this.items.get(id);
    if (item === undefined) {
      this.counts.misses++;
      return undefined;
    }
    this.counts.hits++;
    // The most recently used move to the end: eviction takes from the front.
    this.items.delete(id);
    this.items.set(id, item);
    return item;
  }

  /**
   * Starts a read of results from Postgres: call it before the statement is sent. A result is kept
   * only if no notification for it came meanwhile (it may have been read before or after the change).
   */
  reading(): ItemRead {
    const changed = new Set<string>();
    const live = this.feed.live;
    if (live) this.reads.add(changed);
    return {
      keep: (id, item) => {
        if (!live || !this.reads.has(changed) || changed.has(id)) return;
        this.items.delete(id);
        this.items.set(id, item);
        if (this.items.size > this.budget) this.items.delete(this.items.keys().next().value!);
      },
      done: () => {
        this.reads.delete(changed);
      },
    };
  }

  private changed(payload: string): void {
    if (payload === '*') return this.forget();
    if (!isUuid(payload)) return;
    const id = payload.toLowerCase();
    for (const changed of this.reads) changed.add(id);
    if (this.items.delete(id)) this.counts.dropped++;
  }

  /** Drops everything held; reads under way keep nothing. */
  private forget(): void {
    this.items.clear();
    this.reads.clear();
  }
}
