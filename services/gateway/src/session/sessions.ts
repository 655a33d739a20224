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

/** `lastSeenAt` is written at most this often, so a busy member does not cost a write per request. */
const MAX_TOUCH_INTERVAL_MS = 60_000;

/** Server-side sessions: the cookie holds a random id, the store holds its hash and the member it names. */
export class Sessions {
  private readonly touchIntervalMs: number;

  constructor(
    private readonly store: SessionStore,
    private readonly timeouts: SessionTimeouts,
    private readonly now: () => number = Date.now,
  ) {
    // @NOTE short idle timeouts (tests, strict deployments) need touches well inside the idle window.
    this.touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, timeouts.idleTimeoutMs / 10);
  }

  /** Starts a session for `userId` and returns the id to put in the cookie. */
  async create(userId: string): Promise<string> {
    const id = newSecretId();
    const now = this.now();
    const record: SessionRecord = { userId, createdAt: now, lastSeenAt: now };
    await reachStore(() => this.store.set(sessionKey(id), JSON.stringify(record), this.remainingMs(record, now)));
    return id;
  }

  /** The session behind a cookie value, or null when it is unknown, idle too long or past its absolute lifetime. */
  async resolve(id: string | undefined): Promise<ActiveSession | null> {
    if (!isWellFormedId(id)) return null;
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
    }
    return { key, userId: record.userId };
  }

  async destroy(id: string | undefined): Promise<void> {
    if (isWellFormedId(id)) await reachStore(() => this.store.delete(sessionKey(id)));
  }

  private remainingMs(record: SessionRecord, now: number): number {
    return Math.min(record.createdAt + this.timeouts.absoluteTimeoutMs, record.lastSeenAt + this.timeouts.idleTimeoutMs) - now;
  }
}

function sessionKey(id: string): string {
  return `sess:${hashId(id)}`;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
