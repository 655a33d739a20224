import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@freemarket/contracts';
import { scrapeMetrics, waitFor, type Scrape } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { startRewards, type RewardsUnderTest } from './_util.js';

let sut: RewardsUnderTest;

beforeAll(async () => {
  sut = await startRewards();
});

afterAll(() => sut?.stop());

const scrape = (): Promise<Scrape> => scrapeMetrics(`${sut.url}/metrics`);
/** The users projection's consumer, one of rewards' durable consumers. */
const USERS_CONSUMER = { consumer: 'rewards__user_upserted' };

describe('/metrics of a service on its runtime', () => {
  it('should count a member request under its route and status', async () => {
    const route = { method: 'GET', route: '/api/rewards/balance', status: '200' };
    const before = (await scrape()).value('http_request_duration_seconds_count', route) ?? 0;
    expect((await fetch(`${sut.url}/api/rewards/balance`, { headers: await sut.as(randomUUID()) })).status).toBe(200);
    expect((await scrape()).value('http_request_duration_seconds_count', route)).toBe(before + 1);
  });

  it('should show an event committed and not yet relayed in the outbox backlog, with the age of the oldest', async () => {
    const { runtime } = sut.service;
    await runtime.relay.destroy();
    try {
      const idle = await scrape();
      expect(idle.value('outbox_unsent_events')).toBe(0);
      expect(idle.value('outbox_oldest_unsent_age_seconds')).toBe(0);

      await runtime.transaction((_tx, emit) => emit('user.upserted', { id: randomUUID(), email: 'ada@example.org', firstName: 'Ada', lastName: null, profileImageUrl: null }));
      await new Promise((resolve) => setTimeout(resolve, 120));
      const waiting = await scrape();
      expect(waiting.value('outbox_unsent_events')).toBe(1);
      expect(waiting.value('outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(0.1);

      expect(await runtime.relay.processAll()).toBe(1);
      const relayed = await scrape();
      expect(relayed.value('outbox_unsent_events')).toBe(0);
      expect(relayed.value('outbox_oldest_unsent_age_seconds')).toBe(0);
    } finally {
      runtime.relay.start();
    }
  });

  it('should show each consumer with its lag and redeliveries', async () => {
    const page = await scrape();
    expect(page.families.get('bus_consumer_pending_events')).toBe('gauge');
    expect(page.families.get('bus_consumer_ack_pending_events')).toBe('gauge');
    expect(page.families.get('bus_redeliveries_total')).toBe('counter');
    expect(page.value('bus_consumer_pending_events', USERS_CONSUMER)).toBe(0);
    expect(page.value('bus_redeliveries_total', USERS_CONSUMER)).toBe(0);
  });

  it('should count an event that cannot be handled as dead-lettered under its consumer', async () => {
    const before = (await scrape()).value('bus_dead_letters_total', USERS_CONSUMER) ?? 0;
    // Data that breaks the contract: the consumer cannot parse it, so it is dead-lettered at once.
    const malformed = { id: randomUUID(), type: 'user.upserted', occurredAt: new Date().toISOString(), producer: 'test', data: { id: 42 } };
    await sut.bus.publish(malformed as unknown as Envelope);
    await waitFor('the dead letter to be counted', async () => (await scrape()).value('bus_dead_letters_total', USERS_CONSUMER) === before + 1);
  });

  needs('postgres', 'a pool of real connections').it('should show the database pool: busy and idle connections, waiting queries and its size', async () => {
    const page = await scrape();
    expect(page.value('db_pool_max_connections')).toBe(sut.config.db.poolMax);
    expect(page.value('db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(page.value('db_pool_connections', { state: 'busy' })).toBeGreaterThanOrEqual(0);
    expect(page.value('db_pool_waiting_queries')).toBe(0);
  });
});
