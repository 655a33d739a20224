import { z } from 'zod';
import { hashId, isWellFormedId, newSecretId } from './secret-id.js';
import { reachStore, type SessionStore } from './store.js';

export interface SessionTimeouts {
  /** A session unused this long ends. */
  idleTimeoutMs: number;
  /** A session ends this long after sign-in, however busy. */
  absoluteTimeoutMs: number;
}

/** A signed-in visitor; `key` is the hashed id, safe to use in logs and rate-limit keys. */
export interface ActiveSession {
  key: string;
  userId: string;
}

const recordSchema = z.object({ userId: z.string().min(1), createdAt: z.number(), lastSeenAt: z.number() });
type SessionRecord = z.infer<typeof recordSchema>;

/** A member signed in on more devices than this has the oldest dropped from the list (they still time out). */
const MAX_LISTED_SESSIONS = 50;

/** `lastSeenAt` is written at most this often, so a busy member does not cost a write per request. */
const MAX_TOUCH_INTERVAL_MS = 60_000;

export interface SessionCacheOptions {
  /** How long a resolved session is reused in this process without asking the store; 0 turns the cache off. */
  ttlMs: number;
  /** Bound on cached sessions; the oldest go first. */
  maxEntries?: number;
  /**
   * Tells the other gateway instances that a session ended, so they drop their cached copy at
   * once rather than when it expires (Redis pub/sub in distributed mode).
   */
  announceEnded?: (key: string) => Promise<void>;
}

interface CachedSession {
  /** The hashed id, so a hit costs no hashing. */
  key: string;
  record: SessionRecord;
  /** When this copy stops being trusted, by the sessions' clock. */
  until: number;
}

/** Server-side sessions: the cookie holds a random id, the store holds its hash and the member it names. */
export class Sessions {
  private readonly touchIntervalMs: number;
  /** By raw cookie value: this process's memory holds the ids it serves anyway, and a hit then costs no hash. */
  private readonly cache = new Map<string, CachedSession>();
  /** Sessions ended lately, so a lookup that was already under way cannot cache one back. */
  private readonly ended = new Map<string, number>();
  private readonly cacheTtlMs: number;
  private readonly maxCached: number;
  private readonly announceEnded: ((key: string) => Promise<void>) | undefined;

  /**
   * @param cache resolved sessions are kept in process for `ttlMs`, saving a store round trip per
   *   request; a logout here drops the copy at once, other instances drop theirs when told through
   *   `announceEnded`, or at the latest when it expires.
   */
  constructor(
    private readonly store: SessionStore,
    private readonly timeouts: SessionTimeouts,
    private readonly now: () => number = Date.now,
    cache: SessionCacheOptions = { ttlMs: 0 },
  ) {
    // @NOTE short idle timeouts (tests, strict deployments) need touches well inside the idle window.
    this.touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, timeouts.idleTimeoutMs / 10);
    // A cached copy never outlives a touch interval, so the touch still happens on time.
    this.cacheTtlMs = Math.min(cache.ttlMs, this.touchIntervalMs);
    this.maxCached = cache.maxEntries ?? 10_000;
    this.announceEnded = cache.announceEnded;
  }

  /** Starts a session for `userId` and returns the id to put in the cookie. */
  async create(userId: string): Promise<string> {
    const id = newSecretId();
    const now = this.now();
    const record: SessionRecord = { userId, createdAt: now, lastSeenAt: now };
    await reachStore(() => this.store.set(sessionKey(id), JSON.stringify(record), this.remainingMs(record, now)));
    await this.listUnderMember(userId, sessionKey(id));
    return id;
  }

  /**
   * The member's sessions, by key, so all of them can end when the account is deleted. Kept as long
   * as a session can live; a sign-in racing another on a second device may drop one from the list,
   * which then ends by its timeouts.
   */
  private async listUnderMember(userId: string, key: string): Promise<void> {
    const listKey = memberSessionsKey(userId);
    const listed = z.array(z.string()).safeParse(safeJson((await reachStore(() => this.store.get(listKey))) ?? '[]'));
    const keys = [...(listed.success ? listed.data : []), key].slice(-MAX_LISTED_SESSIONS);
    await reachStore(() => this.store.set(listKey, JSON.stringify(keys), this.timeouts.absoluteTimeoutMs));
  }

  /** Ends every session of the member (their account was deleted), on every instance. */
  async destroyAllOf(userId: string): Promise<void> {
    const raw = await reachStore(() => this.store.take(memberSessionsKey(userId)));
    const listed = z.array(z.string()).safeParse(safeJson(raw ?? '[]'));
    for (const key of listed.success ? listed.data : []) await this.end(key);
  }

  /** The session behind a cookie value, or null when it is unknown, idle too long or past its absolute lifetime. */
  async resolve(id: string | undefined): Promise<ActiveSession | null> {
    const hit = this.cached(id);
    return hit === undefined ? this.lookUp(id!) : hit;
  }

  /**
   * What `resolve` answers without the store: null for a junk cookie, the session when its cached
   * copy is still trusted; otherwise undefined.
   */
  private cached(id: string | undefined): ActiveSession | null | undefined {
    if (!isWellFormedId(id)) return null;
    const cached = this.cache.get(id);
    if (!cached) return undefined;
    const now = this.now();
    if (now < cached.until && this.remainingMs(cached.record, now) > 0) return { key: cached.key, userId: cached.record.userId };
    this.cache.delete(id);
    return undefined;
  }

  private async lookUp(id: string): Promise<ActiveSession | null> {
    const key = sessionKey(id);
    const raw = await reachStore(() => this.store.get(key));
    if (raw === null) return null;
    const parsed = recordSchema.safeParse(safeJson(raw));
    const now = this.now();
    if (!parsed.success || this.remainingMs(parsed.data, now) <= 0) {
      await reachStore(() => this.store.delete(key));
      return null;
    }
    const record = parsed.data;
    if (now - record.lastSeenAt >= this.touchIntervalMs) {
      const touched = { ...record, lastSeenAt: now };
      await reachStore(() => this.store.set(key, JSON.stringify(touched), this.remainingMs(touched, now), { onlyIfExists: true }));
      this.remember(id, key, touched, now);
    } else {
      this.remember(id, key, record, now);
    }
    return { key, userId: record.userId };
  }

  async destroy(id: string | undefined): Promise<void> {
    if (!isWellFormedId(id)) return;
    await this.end(sessionKey(id));
  }

  private async end(key: string): Promise<void> {
    this.forget(key);
    await reachStore(() => this.store.delete(key));
    // A lookup that was in flight while Redis was slow may have cached it again meanwhile.
    this.forget(key);
    // Best effort: the other instances' copies expire within the cache TTL anyway.
    await this.announceEnded?.(key).catch(() => undefined);
  }

  /** Drops this process's copy of a session another instance ended. */
  forget(key: string): void {
    if (this.cacheTtlMs <= 0) return;
    // Rare (a logout), so a scan of at most `maxCached` entries beats a second index kept on every hit.
    for (const [id, cached] of this.cache) if (cached.key === key) this.cache.delete(id);
    if (this.ended.size >= this.maxCached) this.ended.delete(this.ended.keys().next().value!);
    this.ended.set(key, this.now() + this.cacheTtlMs);
  }

  private remember(id: string, key: string, record: SessionRecord, now: number): void {
    if (this.cacheTtlMs <= 0) return;
    const endedUntil = this.ended.get(key);
    if (endedUntil !== undefined) {
      if (now < endedUntil) return;
      this.ended.delete(key);
    }
    if (this.cache.size >= this.maxCached) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    // Trusted until the TTL runs out or the next touch is due, whichever comes first.
    this.cache.set(id, { key, record, until: Math.min(now + this.cacheTtlMs, record.lastSeenAt + this.touchIntervalMs) });
  }

  private remainingMs(record: SessionRecord, now: number): number {
    return Math.min(record.createdAt + this.timeouts.absoluteTimeoutMs, record.lastSeenAt + this.timeouts.idleTimeoutMs) - now;
  }
}

function sessionKey(id: string): string {
  return `sess:${hashId(id)}`;
}

function memberSessionsKey(userId: string): string {
  return `member-sess:${hashId(userId)}`;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
