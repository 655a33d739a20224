import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ExportPart } from '@freemarket/contracts';
import { startServiceForTest, type ServiceUnderTest } from '@freemarket/testing';
import { createIdentityService, loadIdentityConfig } from '../src/index.js';
import { contactMessages, outbox, users } from '../src/db/schema/index.js';

let sut: ServiceUnderTest<Awaited<ReturnType<typeof createIdentityService>>>;
beforeAll(async () => {
  sut = await startServiceForTest({ name: 'identity', create: createIdentityService, loadConfig: loadIdentityConfig });
});
afterAll(() => sut?.stop());

async function register(id: string): Promise<void> {
  const body = { email: `${id}@example.com`, firstName: 'Del', lastName: 'Ete', profileImageUrl: null };
  const res = await fetch(`${sut.url}/internal/users/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...(await sut.as(id)) }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

async function remove(body: unknown, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${sut.url}/api/auth/user`, { method: 'DELETE', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await res.body?.cancel();
  return res.status;
}

const deletions = async (id: string) =>
  (await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'user.deleted'))).filter((row) => JSON.stringify(row.envelope).includes(`"id":"${id}"`));

describe('DELETE /api/auth/user', () => {
  it('answers 401 without an identity and 400 without the typed confirmation, deleting nothing', async () => {
    await register('dev-hesitant');
    expect(await remove({ confirm: 'DELETE' }, {})).toBe(401);
    expect(await remove({}, await sut.as('dev-hesitant'))).toBe(400);
    expect(await remove({ confirm: 'yes' }, await sut.as('dev-hesitant'))).toBe(400);
    expect(await sut.service.runtime.db.select().from(users).where(eq(users.id, 'dev-hesitant'))).toHaveLength(1);
    expect(await deletions('dev-hesitant')).toEqual([]);
  });

  it('deletes the member and their contact messages, announces user.deleted once, then no longer knows them', async () => {
    await register('dev-leaving');
    const contact = { name: 'Del', email: 'dev-leaving@example.com', subject: 'Hi', message: 'A question' };
    await fetch(`${sut.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', ...(await sut.as('dev-leaving')) }, body: JSON.stringify(contact) });
    const exported = (await (await fetch(`${sut.url}/internal/export`, { headers: await sut.as('dev-leaving') })).json()) as ExportPart;
    expect(exported.lists.account).toEqual([expect.objectContaining({ id: 'dev-leaving' })]);
    expect(exported.lists.contactMessages).toEqual([expect.objectContaining({ subject: 'Hi' })]);

    expect(await remove({ confirm: 'DELETE' }, await sut.as('dev-leaving'))).toBe(204);
    expect(await sut.service.runtime.db.select().from(users).where(eq(users.id, 'dev-leaving'))).toEqual([]);
    expect(await sut.service.runtime.db.select().from(contactMessages).where(eq(contactMessages.userId, 'dev-leaving'))).toEqual([]);
    expect(await deletions('dev-leaving')).toHaveLength(1);

    expect((await fetch(`${sut.url}/api/auth/user`, { headers: await sut.as('dev-leaving') })).status).toBe(401);
    expect(await remove({ confirm: 'DELETE' }, await sut.as('dev-leaving'))).toBe(401);
    expect(await deletions('dev-leaving')).toHaveLength(1);
  });
});
