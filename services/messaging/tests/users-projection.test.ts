import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startServiceForTest, waitFor, type ServiceUnderTest } from '@freemarket/testing';
import { createMessagingService } from '../src/index.js';
import { users } from '../src/db/schema/index.js';

let sut: ServiceUnderTest<Awaited<ReturnType<typeof createMessagingService>>>;
beforeAll(async () => {
  sut = await startServiceForTest({ name: 'messaging', create: createMessagingService });
});
afterAll(() => sut?.stop());

const userRow = async (id: string) => (await sut.service.runtime.db.select().from(users).where(eq(users.id, id)))[0];

describe('users projection', () => {
  it('learns a member from user.upserted and keeps the newest name when events arrive out of order', async () => {
    const id = 'dev-projection-1';
    const base = { id, email: 'p@example.com', profileImageUrl: null };
    const newer = await sut.publish('user.upserted', { ...base, firstName: 'New', lastName: 'Name' });
    await waitFor('the member in the projection', () => userRow(id));
    const older = { id: crypto.randomUUID(), type: 'user.upserted' as const, occurredAt: new Date(Date.parse(newer.occurredAt) - 60_000).toISOString(), producer: 'test', data: { ...base, firstName: 'Old', lastName: 'Name' } };
    await sut.bus.publish(older);
    const marker = await sut.publish('user.upserted', { id: 'dev-projection-marker', email: 'm@example.com', firstName: 'M', lastName: null, profileImageUrl: null });
    await waitFor('a later event to be handled', () => userRow(marker.data.id));
    await new Promise((r) => setTimeout(r, 200));
    expect(await userRow(id)).toMatchObject({ firstName: 'New', lastName: 'Name', email: 'p@example.com' });
  });

  it('answers readiness with the database and the bus', async () => {
    const res = await fetch(`${sut.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', bus: 'ok' } });
  });
});
