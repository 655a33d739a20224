import { describe, expect, it } from 'vitest';
import { MemorySessionStore, Sessions } from '../src/index.js';

const timeouts = { idleTimeoutMs: 60_000, absoluteTimeoutMs: 3_600_000 };

describe('ending every session of a member', () => {
  it('ends all of the member’s sessions, on every device, and no one else’s', async () => {
    const store = new MemorySessionStore();
    const sessions = new Sessions(store, timeouts, Date.now, { ttlMs: 5_000 });
    const phone = await sessions.create('dev-leaving');
    const laptop = await sessions.create('dev-leaving');
    const neighbour = await sessions.create('dev-staying');
    expect(await sessions.resolve(phone)).toMatchObject({ userId: 'dev-leaving' });

    await sessions.destroyAllOf('dev-leaving');
    expect(await sessions.resolve(phone)).toBeNull();
    expect(await sessions.resolve(laptop)).toBeNull();
    expect(await sessions.resolve(neighbour)).toMatchObject({ userId: 'dev-staying' });
    // Nothing left to end: a second call is harmless.
    await sessions.destroyAllOf('dev-leaving');
    await store.close();
  });
});
