import { UnavailableError } from '@freemarket/kit';

/**
 * Where the gateway keeps sessions and sign-in attempts: Redis in distributed mode, memory in local
 * mode. Values are opaque strings; keys arrive already namespaced and hashed.
 */
export interface SessionStore {
  get(key: string): Promise<string | null>;
  /** `onlyIfExists` refreshes a record without resurrecting one a concurrent logout just deleted. */
  set(key: string, value: string, ttlMs: number, options?: { onlyIfExists?: boolean }): Promise<void>;
  /** Reads and deletes in one step, so a one-use record cannot be used twice. */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Store failures surface as 503 naming the store, not as an anonymous 500. */
export async function reachStore<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (cause) {
    throw new UnavailableError('Service Unavailable: the session store is not reachable', { cause });
  }
}
