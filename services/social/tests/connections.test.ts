import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { CONNECTION_REASK_COOLDOWN_DAYS, type Connection, type ConnectionPage, type ConnectionStatusResponse, type ErrorBody } from '@freemarket/contracts';
import { setContactPrivacy, waitFor } from '@freemarket/testing';
import { connections, outbox, users } from '../src/db/schema/index.js';
import { call, seedMembers, startSocial, type Member, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());

const ask = (from: Member, to: Member | string) => call<Connection & ErrorBody>(sut, from.id, 'POST', '/api/connections', { addresseeId: typeof to === 'string' ? to : to.id });
const answer = (by: Member, id: string, status: string) => call<Connection & ErrorBody>(sut, by.id, 'PUT', `/api/connections/${id}`, { status });
const remove = (by: Member, id: string) => call<ErrorBody | null>(sut, by.id, 'DELETE', `/api/connections/${id}`);
const statusOf = async (viewer: Member, other: Member) => (await call<ConnectionStatusResponse>(sut, viewer.id, 'GET', `/api/connections/status/${other.id}`)).body;

/** The connection events the service put in its outbox for one connection, oldest first. */
async function eventsOf(connectionId: string): Promise<string[]> {
  const rows = await sut.service.runtime.db.select().from(outbox).orderBy(asc(outbox.createdAt));
  return rows.filter((r) => (r.envelope as { data: { connectionId?: string } }).data.connectionId === connectionId).map((r) => r.type);
}

/** Moves the last decline back in time, as if the cooldown had passed. */
async function pretendCooldownPassed(id: string): Promise<void> {
  await sut.service.runtime.db.update(connections).set({ answeredAt: sql`now() - interval '8 days'` }).where(eq(connections.id, id));
}

describe('connections', () => {
  it('goes from a request to a connection both members see, with both members’ names, and announces each step', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const asked = await ask(ada!, bob!);
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      requesterId: ada!.id,
      addresseeId: bob!.id,
      status: 'pending',
      requester: { id: ada!.id, firstName: 'Ada', lastName: 'Tester', email: `${ada!.id}@example.com`, profileImageUrl: null },
      addressee: { id: bob!.id, firstName: 'Bob' },
    });
    expect(await statusOf(ada!, bob!)).toEqual({ status: 'pending', direction: 'outgoing', connectionId: asked.body.id, declined: null });
    expect(await statusOf(bob!, ada!)).toEqual({ status: 'pending', direction: 'incoming', connectionId: asked.body.id, declined: null });

    const accepted = await answer(bob!, asked.body.id, 'accepted');
    expect(accepted).toMatchObject({ status: 200, body: { id: asked.body.id, status: 'accepted' } });
    expect(await statusOf(ada!, bob!)).toMatchObject({ status: 'accepted', direction: 'outgoing' });
    for (const member of [ada!, bob!]) {
      const list = await call<ConnectionPage>(sut, member.id, 'GET', '/api/connections');
      expect(list.body.items).toEqual([expect.objectContaining({ id: asked.body.id, status: 'accepted', requester: expect.objectContaining({ firstName: 'Ada' }), addressee: expect.objectContaining({ firstName: 'Bob' }) })]);
    }

    expect(await remove(ada!, asked.body.id)).toEqual({ status: 204, body: null });
    expect(await statusOf(bob!, ada!)).toEqual({ status: null, direction: null, connectionId: null, declined: null });
    expect(await eventsOf(asked.body.id)).toEqual(['connection.requested', 'connection.accepted', 'connection.removed']);
    await waitFor('the events published', async () => {
      const rows = await sut.service.runtime.db.select().from(outbox);
      return rows.every((r) => r.publishedAt !== null);
    });
  });

  it('refuses a connection to oneself (403) and to a member nobody has heard of (404)', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect(await ask(ada!, ada!)).toMatchObject({ status: 403, body: { message: 'You cannot connect to yourself' } });
    expect(await ask(ada!, 'dev-nobody')).toMatchObject({ status: 404, body: { message: 'Member not found' } });
  });

  it('keeps one connection per pair whichever side asks (409), even when both ask at once', async () => {
    const [ada, bob, cy, dee] = await seedMembers(sut, 'Ada', 'Bob', 'Cy', 'Dee');
    expect((await ask(ada!, bob!)).status).toBe(201);
    expect(await ask(ada!, bob!)).toMatchObject({ status: 409, body: { message: 'A connection with this member already exists' } });
    expect((await ask(bob!, ada!)).status).toBe(409);

    const both = await Promise.all([ask(cy!, dee!), ask(dee!, cy!)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('lets only the addressee accept or decline: 403 for the requester, 404 for anyone else', async () => {
    const [ada, bob, eve] = await seedMembers(sut, 'Ada', 'Bob', 'Eve');
    const { body } = await ask(ada!, bob!);
    expect(await answer(ada!, body.id, 'accepted')).toMatchObject({ status: 403, body: { message: 'Only the member who was asked can accept or decline' } });
    expect(await answer(eve!, body.id, 'accepted')).toMatchObject({ status: 404, body: { message: 'Connection not found' } });
    expect((await remove(eve!, body.id)).status).toBe(404);
    expect(await call(sut, eve!.id, 'GET', '/api/connections')).toMatchObject({ status: 200, body: { items: [] } });
    expect((await statusOf(ada!, bob!)).status).toBe('pending');
  });

  it('answers the same way twice without a second event, and refuses to decline a connection already made', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body } = await ask(ada!, bob!);
    expect((await answer(bob!, body.id, 'accepted')).status).toBe(200);
    expect(await answer(bob!, body.id, 'accepted')).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect(await answer(bob!, body.id, 'rejected')).toMatchObject({ status: 409, body: { message: 'You are already connected; remove the connection instead' } });
    expect(await eventsOf(body.id)).toEqual(['connection.requested', 'connection.accepted']);
  });

  it('limits asking again after a decline: a cooldown (429), then at most three requests in all (403)', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body } = await ask(ada!, bob!);
    expect(await answer(bob!, body.id, 'rejected')).toMatchObject({ status: 200, body: { status: 'rejected' } });
    // The day is written as people write it, not as a timestamp.
    const [declined] = await sut.service.runtime.db.select().from(connections).where(eq(connections.id, body.id));
    const askAgainAfter = new Date(declined!.answeredAt!.getTime() + CONNECTION_REASK_COOLDOWN_DAYS * 86_400_000).toISOString();
    // The requester's screen learns when they may ask again; the member who declined sees only the decline.
    expect(await statusOf(ada!, bob!)).toEqual({ status: 'rejected', direction: 'outgoing', connectionId: body.id, declined: { askAgainAfter } });
    expect(await statusOf(bob!, ada!)).toMatchObject({ status: 'rejected', direction: 'incoming', declined: null });
    const askAgainOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(declined!.answeredAt!.getTime() + CONNECTION_REASK_COOLDOWN_DAYS * 86_400_000);
    expect(askAgainOn).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await ask(ada!, bob!)).toMatchObject({ status: 429, body: { message: `This member declined your request; you can ask again after ${askAgainOn}` } });

    for (const attempt of [2, 3]) {
      await pretendCooldownPassed(body.id);
      expect((await statusOf(ada!, bob!)).declined, `request ${attempt}`).toBeNull();
      expect(await ask(ada!, bob!), `request ${attempt}`).toMatchObject({ status: 201, body: { id: body.id, status: 'pending' } });
      expect((await answer(bob!, body.id, 'rejected')).status).toBe(200);
    }
    await pretendCooldownPassed(body.id);
    expect((await statusOf(ada!, bob!)).declined).toEqual({ askAgainAfter: null });
    expect(await ask(ada!, bob!)).toMatchObject({ status: 403, body: { message: 'This member declined your requests; you cannot ask again' } });
    // Nor can the declined requester erase the record to start over.
    expect(await remove(ada!, body.id)).toMatchObject({ status: 403, body: { message: 'A declined request cannot be withdrawn' } });
    expect(await eventsOf(body.id)).toEqual([
      'connection.requested', 'connection.declined',
      'connection.requested', 'connection.declined',
      'connection.requested', 'connection.declined',
    ]);
  });

  it('announces a decline once, so the requester’s screen learns of it, and nothing for a decline that is refused', async () => {
    const [ada, bob, eve] = await seedMembers(sut, 'Ada', 'Bob', 'Eve');
    const { body } = await ask(ada!, bob!);
    expect((await answer(ada!, body.id, 'rejected')).status).toBe(403);
    expect((await answer(eve!, body.id, 'rejected')).status).toBe(404);
    expect(await eventsOf(body.id)).toEqual(['connection.requested']);

    expect(await answer(bob!, body.id, 'rejected')).toMatchObject({ status: 200, body: { status: 'rejected' } });
    expect(await answer(bob!, body.id, 'rejected')).toMatchObject({ status: 200, body: { status: 'rejected' } });
    expect(await eventsOf(body.id)).toEqual(['connection.requested', 'connection.declined']);
    const [declined] = (await sut.service.runtime.db.select().from(outbox)).filter((r) => r.type === 'connection.declined' && (r.envelope as { data: { connectionId: string } }).data.connectionId === body.id);
    expect((declined!.envelope as { data: unknown }).data).toEqual({ connectionId: body.id, requesterId: ada!.id, addresseeId: bob!.id });
  });

  it('lets the member who declined change their mind: accept later, or ask themselves', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const first = (await ask(ada!, bob!)).body;
    await answer(bob!, first.id, 'rejected');
    expect(await answer(bob!, first.id, 'accepted')).toMatchObject({ status: 200, body: { status: 'accepted' } });

    const second = (await ask(ada!, cy!)).body;
    await answer(cy!, second.id, 'rejected');
    expect(await ask(cy!, ada!)).toMatchObject({ status: 201, body: { id: second.id, requesterId: cy!.id, addresseeId: ada!.id, status: 'pending' } });
    expect(await statusOf(ada!, cy!)).toMatchObject({ status: 'pending', direction: 'incoming' });
  });

  it('lets either member remove a connection or a request, after which they may ask afresh', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const pending = (await ask(ada!, bob!)).body;
    expect((await remove(ada!, pending.id)).status).toBe(204);
    expect((await remove(ada!, pending.id)).status).toBe(404);
    const again = await ask(ada!, bob!);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(pending.id);

    const declined = (await ask(ada!, cy!)).body;
    await answer(cy!, declined.id, 'rejected');
    expect((await remove(cy!, declined.id)).status).toBe(204);
    expect(await eventsOf(declined.id)).toEqual(['connection.requested', 'connection.declined', 'connection.removed']);
  });

  it('pages through a member’s connections newest first without gaps or repeats, filtered by status', async () => {
    const [hub, ...others] = await seedMembers(sut, 'Hub', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7');
    const made: string[] = [];
    for (const other of others) made.push((await ask(other, hub!)).body.id);
    for (const id of made.slice(0, 3)) await answer(hub!, id, 'accepted');

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/connections?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page: ConnectionPage = (await call<ConnectionPage>(sut, hub!.id, 'GET', path)).body;
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());

    const accepted = await call<ConnectionPage>(sut, hub!.id, 'GET', '/api/connections?status=accepted');
    expect(accepted.body.items.map((c) => c.id).sort()).toEqual(made.slice(0, 3).sort());
    const pending = await call<ConnectionPage>(sut, hub!.id, 'GET', '/api/connections?status=pending&limit=100');
    expect(pending.body.items).toHaveLength(4);
  });

  it('answers bad input with 400 naming the field, a missing identity with 401, and writes nothing', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body } = await ask(ada!, bob!);
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/api/connections', {}, /^body\.addresseeId: /],
      ['POST', '/api/connections', { addresseeId: 42 }, /^body\.addresseeId: /],
      ['POST', '/api/connections', { addresseeId: '' }, /^body\.addresseeId: /],
      ['POST', '/api/connections', { addresseeId: 'x'.repeat(256) }, /^body\.addresseeId: /],
      ['PUT', `/api/connections/${body.id}`, { status: 'pending' }, /^body\.status: /],
      ['PUT', `/api/connections/${body.id}`, { status: 'ACCEPTED' }, /^body\.status: /],
      ['PUT', `/api/connections/${body.id}`, {}, /^body\.status: /],
      ['PUT', '/api/connections/not-a-uuid', { status: 'accepted' }, /^params\.id: /],
      ['DELETE', '/api/connections/123', undefined, /^params\.id: /],
      ['GET', '/api/connections?limit=0', undefined, /^querystring\.limit: /],
      ['GET', '/api/connections?limit=101', undefined, /^querystring\.limit: /],
      ['GET', '/api/connections?limit=abc', undefined, /^querystring\.limit: /],
      ['GET', '/api/connections?limit=1e400', undefined, /^querystring\.limit: /],
      ['GET', '/api/connections?limit=99999999999999999999', undefined, /^querystring\.limit: /],
      ['GET', '/api/connections?status=blocked', undefined, /^querystring\.status: /],
      ['GET', '/api/connections?cursor=bm9wZQ', undefined, /^querystring\.cursor: /],
      ['GET', `/api/connections?cursor=${Buffer.from('2025-01-01T00:00:00.000Z|not-a-uuid').toString('base64url')}`, undefined, /^querystring\.cursor: /],
    ];
    for (const [method, path, payload, message] of cases) {
      const res = await call<ErrorBody>(sut, bob!.id, method, path, payload);
      expect(res.status, `${method} ${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await statusOf(ada!, bob!)).status).toBe('pending');
    // @NOTE Fastify refuses path parameters over 100 characters before validation (kit's maxParamLength).
    const longId = await call<ErrorBody>(sut, bob!.id, 'GET', `/api/connections/status/${'x'.repeat(256)}`);
    expect(longId.status).toBe(414);

    for (const [method, path] of [['GET', '/api/connections'], ['POST', '/api/connections'], ['GET', `/api/connections/status/${bob!.id}`], ['DELETE', `/api/connections/${body.id}`]] as const) {
      expect(await call(sut, null, method, path, method === 'POST' ? { addresseeId: bob!.id } : undefined)).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    }
    expect((await statusOf(ada!, bob!)).status).toBe('pending');
  });

  it('answers an anonymous caller 401 Unauthorized, not 400, however bad the input, and writes nothing', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body } = await ask(ada!, bob!);
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/connections', {}],
      ['POST', '/api/connections', { addresseeId: 42 }],
      ['PUT', `/api/connections/${body.id}`, { status: 'ACCEPTED' }],
      ['PUT', '/api/connections/not-a-uuid', {}],
      ['DELETE', '/api/connections/123', undefined],
      ['GET', '/api/connections?limit=0&status=blocked', undefined],
    ];
    for (const [method, path, payload] of cases) {
      expect(await call(sut, null, method, path, payload), `${method} ${path} ${JSON.stringify(payload)}`).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    }
    const unparsable = await fetch(`${sut.url}/api/connections`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"addresseeId": ' });
    expect({ status: unparsable.status, body: await unparsable.json() }).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect((await statusOf(ada!, bob!)).status).toBe('pending');
  });
});

describe('contact privacy', () => {
  it('never shows another member an e-mail its owner made private, and always shows the owner their own', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await setContactPrivacy(sut, users, ada!, false);
    const asked = await ask(ada!, bob!);
    expect(asked.body.requester.email).toBe(`${ada!.id}@example.com`);
    const seenByBob = (await call<ConnectionPage>(sut, bob!.id, 'GET', '/api/connections')).body.items[0]!;
    expect(seenByBob.requester).toMatchObject({ firstName: 'Ada', email: null });
    expect(seenByBob.addressee.email).toBe(`${bob!.id}@example.com`);
    expect(JSON.stringify((await answer(bob!, asked.body.id, 'accepted')).body)).not.toContain(`${ada!.id}@example.com`);

    await setContactPrivacy(sut, users, ada!, true);
    expect((await call<ConnectionPage>(sut, bob!.id, 'GET', '/api/connections')).body.items[0]!.requester.email).toBe(`${ada!.id}@example.com`);
  });

  it('keeps a private flag heard before the member themselves, and still learns their name', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const late = { id: `dev-late-${Date.now()}`, firstName: 'Late' };
    await setContactPrivacy(sut, users, late, false);
    await sut.publish('user.upserted', { id: late.id, email: `${late.id}@example.com`, firstName: 'Late', lastName: 'Comer', profileImageUrl: null });
    await waitFor('the member named', async () => (await sut.service.runtime.db.select().from(users).where(eq(users.id, late.id)))[0]?.firstName === 'Late');
    const asked = await ask(ada!, late.id);
    expect(asked.body.addressee).toMatchObject({ firstName: 'Late', lastName: 'Comer', email: null });
  });
});
