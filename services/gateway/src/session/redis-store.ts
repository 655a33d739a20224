import type { Redis } from 'ioredis';
import type { SessionStore } from './store.js';

/** Distributed mode's store; every gateway instance sees the same sessions. Redis expires records itself. */
export class RedisSessionStore implements SessionStore {
  /**
   * @param keyPrefix keeps deployments (and test runs) sharing one Redis apart.
   * @param ownsClient close the client on `close()`; false when the caller shares it.
   */
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ownsClient = false,
  ) {}

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.keyPrefix + key);
  }

  async set(key: string, value: string, ttlMs: number, options: { onlyIfExists?: boolean } = {}): Promise<void> {
    const ttl = Math.max(1, Math.ceil(ttlMs));
    if (options.onlyIfExists) await this.redis.set(this.keyPrefix + key, value, 'PX', ttl, 'XX');
    else await this.redis.set(this.keyPrefix + key, value, 'PX', ttl);
  }

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.keyPrefix + key);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.keyPrefix + key);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.redis.quit();
  }
}
