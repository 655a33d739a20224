import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { MESSAGE_MAX_LENGTH, type ConversationPage, type ErrorBody, type Message, type MessagePage } from '@freemarket/contracts';
import { messages, outbox, users } from '../src/db/schema/index.js';
import { setContactPrivacy, waitFor } from '@freemarket/testing';
import { call, deleteRedisKeys, seedMembers, startMessaging, type Member, type MessagingUnderTest } from './_util.js';

let sut: MessagingUnderTest;
beforeAll(async () => {
  sut = await startMessaging();
});
afterAll(async () => {
  await sut?.stop();
  await deleteRedisKeys(sut?.redisKeyPrefix);
});

const as = async (member: Member | null) => (member ? sut.as(member.id) : {});
const send = async (from: Member, to: Member | string, content: string) =>
  call<Message & ErrorBody>(sut.url, await as(from), 'POST', '/api/messages', { receiverId: typeof to === 'string' ? to : to.id, content });
const conversations = async (viewer: Member, query = '') => (await call<ConversationPage>(sut.url, await as(viewer), 'GET', `/api/messages/conversations${query}`)).body;
const conversation = async (viewer: Member, other: Member, query = '') => call<MessagePage & ErrorBody>(sut.url, await as(viewer), 'GET', `/api/messages/${other.id}${query}`);
const storedCount = async () => (await sut.service.runtime.db.select({ n: count() }).from(messages))[0]!.n;

describe('sending a message', () => {
  it('stores it trimmed, answers it, and announces message.created', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const res = await send(ada!, bob!, '  Hello Bob!  ');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), senderId: ada!.id, receiverId: bob!.id, content: 'Hello Bob!', createdAt: expect.any(String), isRead: false });
    const events = await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'message.created'));
    expect(events.map((e) => (e.envelope as { data: unknown }).data)).toContainEqual({ messageId: res.body.id, senderId: ada!.id, receiverId: bob!.id });
  });

  it('writes the event in the message’s own transaction: relayed once committed, none for a stranger', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const eventsTo = async (receiverId: string) =>
      (await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'message.created'))).filter((e) => (e.envelope as { data: { receiverId: string } }).data.receiverId === receiverId);
    const res = await send(ada!, bob!, 'announced');
    expect(res.status).toBe(201);
    const [event] = await eventsTo(bob!.id);
    expect(event!.envelope).toEqual({ id: event!.id, type: 'message.created', occurredAt: expect.any(String), producer: 'messaging', data: { messageId: res.body.id, senderId: ada!.id, receiverId: bob!.id } });
    await waitFor('the event relayed', async () => (await eventsTo(bob!.id))[0]!.publishedAt !== null);
    expect(await send(ada!, 'dev-stranger', 'hi')).toMatchObject({ status: 404 });
    expect(await eventsTo('dev-stranger')).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, strangers with 404, no identity with 401, and stores nothing', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const before = await storedCount();
    const cases: Array<[unknown, RegExp]> = [
      [{ receiverId: ada!.id, content: 'me' }, /^body\.receiverId: you cannot message yourself/],
      [{ receiverId: bob!.id, content: '   ' }, /^body\.content: /],
      [{ receiverId: bob!.id, content: '' }, /^body\.content: /],
      [{ receiverId: bob!.id, content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, /^body\.content: /],
      [{ receiverId: bob!.id, content: 42 }, /^body\.content: /],
      [{ receiverId: bob!.id }, /^body\.content: /],
      [{ content: 'hi' }, /^body\.receiverId: /],
      [{ receiverId: ['x'], content: 'hi' }, /^body\.receiverId: /],
      [{ receiverId: 'x'.repeat(256), content: 'hi' }, /^body\.receiverId: /],
      // An unpaired surrogate would reach the event's jsonb, which refuses it.
      [{ receiverId: '\ud800', content: 'hi' }, /^body\.receiverId: must be well-formed Unicode text/],
    ];
    for (const [payload, message] of cases) {
      const res = await call<ErrorBody>(sut.url, await as(ada!), 'POST', '/api/messages', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await send(ada!, 'dev-nobody', 'hi')).toMatchObject({ status: 404, body: { message: 'Member not found' } });
    expect(await send(ada!, bob!, ` ${'y'.repeat(MESSAGE_MAX_LENGTH)} `)).toMatchObject({ status: 201 });
    expect(await call(sut.url, await as(null), 'POST', '/api/messages', { receiverId: bob!.id, content: 'hi' })).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect(await storedCount()).toBe(before + 1);
  });

  it('answers an anonymous invalid message 401 Unauthorized, not 400 naming the field, and stores nothing', async () => {
    const [bob] = await seedMembers(sut, 'Bob');
    const before = await storedCount();
    for (const payload of [{}, { receiverId: bob!.id, content: '' }, { receiverId: ['x'], content: 42 }]) {
      expect(await call(sut.url, await as(null), 'POST', '/api/messages', payload), JSON.stringify(payload)).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    }
    expect(await call(sut.url, await as(null), 'GET', '/api/messages/conversations?limit=0')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect(await storedCount()).toBe(before);
  });

  it('answers 429 with a clear message after 30 messages in 10 seconds', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    for (let i = 0; i < 30; i += 1) expect((await send(ada!, bob!, `message ${i}`)).status).toBe(201);
    const limited = await send(ada!, bob!, 'one too many');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many messages \(30 per 10 s\): try again in \d+ s$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The limit is the sender's own: others keep talking.
    expect((await send(bob!, ada!, 'still here')).status).toBe(201);
  });
});

describe('conversations', () => {
  it('lists one entry per other member, newest first, with the last message and the unread count', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    await send(ada!, bob!, 'hi Bob');
    await send(bob!, ada!, 'hi Ada');
    await send(bob!, ada!, 'are you there?');
    await send(cy!, ada!, 'hello from Cy');
    const list = await conversations(ada!);
    expect(list.nextCursor).toBeNull();
    expect(list.items).toEqual([
      expect.objectContaining({ content: 'hello from Cy', senderId: cy!.id, receiverId: ada!.id, unreadCount: 1, otherUser: expect.objectContaining({ id: cy!.id, firstName: 'Cy' }) }),
      expect.objectContaining({
        content: 'are you there?',
        unreadCount: 2,
        otherUser: expect.objectContaining({ id: bob!.id, firstName: 'Bob', lastName: 'Tester', email: `${bob!.id}@example.com` }),
        sender: expect.objectContaining({ id: bob!.id }),
        receiver: expect.objectContaining({ id: ada!.id, firstName: 'Ada' }),
      }),
    ]);
    expect((await conversations(bob!)).items).toEqual([expect.objectContaining({ content: 'are you there?', unreadCount: 1, otherUser: expect.objectContaining({ id: ada!.id }) })]);
  });

  it('marks a conversation read when it is opened, for the reader only', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await send(bob!, ada!, 'one');
    await send(bob!, ada!, 'two');
    await send(ada!, bob!, 'three');
    const opened = await conversation(ada!, bob!);
    expect(opened.status).toBe(200);
    expect(opened.body.items.map((m) => [m.content, m.isRead])).toEqual([
      ['one', true],
      ['two', true],
      ['three', false],
    ]);
    expect((await conversations(ada!)).items[0]).toMatchObject({ unreadCount: 0 });
    expect((await conversations(bob!)).items[0]).toMatchObject({ unreadCount: 1, content: 'three' });
    expect((await conversation(bob!, ada!)).body.items.map((m) => m.isRead)).toEqual([true, true, true]);
    expect((await conversations(bob!)).items[0]).toMatchObject({ unreadCount: 0 });
  });

  it('keeps the unread count true while messages arrive as the conversation is being read', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => send(bob!, ada!, `burst ${i}`)),
      ...Array.from({ length: 5 }, () => conversation(ada!, bob!)),
    ]);
    const unread = await sut.service.runtime.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.senderId, bob!.id), eq(messages.receiverId, ada!.id), eq(messages.isRead, false)));
    expect((await conversations(ada!)).items[0]!.unreadCount).toBe(unread[0]!.n);
    await conversation(ada!, bob!);
    expect((await conversations(ada!)).items[0]!.unreadCount).toBe(0);
  });

  it('pages a conversation backwards from the newest, each page oldest to newest, without gaps or repeats', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const sent: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      const [from, to] = i % 2 === 0 ? [ada!, bob!] : [bob!, ada!];
      sent.push((await send(from, to, `m${i}`)).body.id);
    }
    const pages: Message[][] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof conversation>> = await conversation(ada!, bob!, `?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(res.body.items);
      cursor = res.body.nextCursor;
      // A message arriving meanwhile lands on the first page, never in the older ones.
      if (pages.length === 2) await send(bob!, ada!, 'late');
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    for (const page of pages) expect(page.map((m) => m.createdAt)).toEqual([...page.map((m) => m.createdAt)].sort());
    expect(pages.reverse().flat().map((m) => m.id)).toEqual(sent);
  });

  it('pages the conversation list newest first without gaps or repeats', async () => {
    const [hub, ...others] = await seedMembers(sut, 'Hub', 'P1', 'P2', 'P3', 'P4', 'P5');
    for (const other of others) await send(other, hub!, `from ${other.firstName}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ConversationPage = await conversations(hub!, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((e) => e.otherUser.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(others.map((o) => o.id).reverse());
  });

  it('shows a member only their own conversations: another pair’s messages never appear', async () => {
    const [ada, bob, eve] = await seedMembers(sut, 'Ada', 'Bob', 'Eve');
    await send(ada!, bob!, 'a secret for Bob');
    expect((await conversation(eve!, ada!)).body.items).toEqual([]);
    expect((await conversation(eve!, bob!)).body.items).toEqual([]);
    expect((await conversations(eve!)).items).toEqual([]);
    expect(await conversation(eve!, { id: 'dev-nobody', firstName: 'Nobody' })).toMatchObject({ status: 404, body: { message: 'Member not found' } });
  });

  it('answers bad paging and ids with 400 naming the field', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const cases: Array<[string, RegExp]> = [
      ['/api/messages/conversations?limit=0', /^querystring\.limit: /],
      ['/api/messages/conversations?limit=101', /^querystring\.limit: /],
      ['/api/messages/conversations?limit=ten', /^querystring\.limit: /],
      ['/api/messages/conversations?limit=1e999', /^querystring\.limit: /],
      ['/api/messages/conversations?cursor=garbage', /^querystring\.cursor: /],
      [`/api/messages/${bob!.id}?cursor=${Buffer.from('2025-01-01T00:00:00Z|1').toString('base64url')}`, /^querystring\.cursor: /],
      [`/api/messages/${bob!.id}?limit=-1`, /^querystring\.limit: /],
      [`/api/messages/${ada!.id}`, /^params\.userId: /],
    ];
    for (const [path, message] of cases) {
      const res = await call<ErrorBody>(sut.url, await as(ada!), 'GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await call(sut.url, {}, 'GET', '/api/messages/conversations')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });
});

describe('contact privacy', () => {
  it('never shows the other member an e-mail its owner made private in the conversation list', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await setContactPrivacy(sut, users, ada!, false);
    await send(ada!, bob!, 'Hello');
    const [entry] = (await conversations(bob!)).items;
    expect(entry!.otherUser).toMatchObject({ firstName: 'Ada', email: null });
    expect(JSON.stringify(await conversations(bob!))).not.toContain(`${ada!.id}@example.com`);
    expect((await conversations(ada!)).items[0]!.sender.email).toBe(`${ada!.id}@example.com`);
  });
});
