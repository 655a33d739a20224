import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProfileSearchPage } from '@freemarket/contracts';
import { waitFor } from '@freemarket/testing';
import { profiles, users } from '../src/db/schema/index.js';
import { call, startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

const nameOf = async (userId: string) => (await sut.service.runtime.db.select({ name: profiles.memberName }).from(profiles).where(eq(profiles.userId, userId)))[0]?.name;

describe('members from user.upserted', () => {
  it('learns a member, names their profile, and finds them by a new name after a rename', async () => {
    const id = 'dev-projection-1';
    await sut.publish('user.upserted', { id, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', profileImageUrl: null });
    await waitFor('the member in the projection', async () => (await sut.service.runtime.db.select().from(users).where(eq(users.id, id)))[0]);
    const created = await call<{ id: string; user: { firstName: string } }>(sut, id, 'POST', '/api/profiles', { title: 'Admiral' });
    expect(created.body.user.firstName).toBe('Grace');
    await sut.publish('user.upserted', { id, email: 'grace@example.com', firstName: 'Amazing', lastName: 'Grace', profileImageUrl: null });
    await waitFor('the new name on the profile', async () => (await nameOf(id)) === 'Amazing Grace');
    const found = await call<ProfileSearchPage>(sut, 'dev-viewer', 'GET', '/api/profiles/search?type=people&q=amazing');
    expect(found.body.items.map((p) => p.id)).toEqual([created.body.id]);
  });

  it('keeps the newer name when an older event arrives late', async () => {
    const id = 'dev-projection-2';
    const newer = await sut.publish('user.upserted', { id, email: 'n@example.com', firstName: 'New', lastName: 'Name', profileImageUrl: null });
    await waitFor('the member', async () => (await sut.service.runtime.db.select().from(users).where(eq(users.id, id)))[0]);
    await call(sut, id, 'POST', '/api/profiles', {});
    const older = { id: crypto.randomUUID(), type: 'user.upserted' as const, occurredAt: new Date(Date.parse(newer.occurredAt) - 60_000).toISOString(), producer: 'test', data: { ...newer.data, firstName: 'Old' } };
    await sut.bus.publish(older);
    const marker = await sut.publish('user.upserted', { id: 'dev-projection-marker', email: 'm@example.com', firstName: 'M', lastName: null, profileImageUrl: null });
    await waitFor('a later event to be handled', async () => (await sut.service.runtime.db.select().from(users).where(eq(users.id, marker.data.id)))[0]);
    expect(await nameOf(id)).toBe('New Name');
  });

  it('answers readiness with the database and the bus', async () => {
    const res = await fetch(`${sut.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', bus: 'ok' } });
  });
});
