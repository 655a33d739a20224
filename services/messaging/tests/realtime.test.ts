import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { ErrorBody, MarkReadAck, Message } from '@freemarket/contracts';
import { AssertionSigner, IDENTITY_HEADER, generateAssertionKeys } from '@freemarket/kit';
import { runTag, setContactPrivacy, testInfra, waitFor } from '@freemarket/testing';
import { processedEvents, users } from '../src/db/schema/index.js';
import { startGatewayFor, type RunningGateway } from './_gateway.js';
import {
  PUBLIC_URL,
  call,
  deleteRedisKeys,
  openSocket,
  refusal,
  seedMembers,
  startMessaging,
  startReplica,
  type Member,
  type MessagingService,
  type MessagingUnderTest,
  type OpenedSocket,
} from './_util.js';

let sut: MessagingUnderTest;
let replica: { service: MessagingService; url: string } | undefined;
let gateways: RunningGateway[] = [];
let signer: AssertionSigner;
const gatewayPrefix = `fm:test:gw:${runTag()}:`;
const opened: OpenedSocket[] = [];

beforeAll(async () => {
  const keys = await generateAssertionKeys();
  signer = await AssertionSigner.fromPem(keys.privateKeyPem);
  sut = await startMessaging({ ASSERTION_PUBLIC_KEY: keys.publicKeyPem });
  // Two instances, each behind its own gateway; the gateways share their sessions in Redis, and
  // Redis fans each instance's socket events out to the other. Without Redis there is nothing to fan
  // out through: both gateways front the one instance, and the live-delivery tests check delivery
  // within it.
  replica = testInfra().redisUrl ? await startReplica(sut) : undefined;
  gateways = [
    await startGatewayFor(sut.url, { privateKeyPem: keys.privateKeyPem, redisKeyPrefix: gatewayPrefix }),
    await startGatewayFor(replica?.url ?? sut.url, { privateKeyPem: keys.privateKeyPem, redisKeyPrefix: gatewayPrefix }),
  ];
});
afterAll(async () => {
  for (const { socket } of opened) socket.close();
  for (const g of gateways) await g.gateway.destroy();
  await replica?.service.destroy();
  await sut?.stop();
  await deleteRedisKeys(sut?.redisKeyPrefix);
  await deleteRedisKeys(gatewayPrefix);
});

/** A signed-in member's socket through gateway `n` (and so on messaging instance `n`). */
async function socketVia(n: 0 | 1, member: Member): Promise<OpenedSocket> {
  const socket = await openSocket(gateways[n]!.url, { origin: PUBLIC_URL, cookie: await gateways[n]!.signIn(member.id) });
  opened.push(socket);
  return socket;
}

async function postVia(n: 0 | 1, from: Member, to: Member, content: string): Promise<Message> {
  const cookie = await gateways[n]!.signIn(from.id);
  const res = await call<Message & ErrorBody>(gateways[n]!.url, { cookie, origin: PUBLIC_URL }, 'POST', '/api/messages', { receiverId: to.id, content });
  expect(res.status, res.body.message).toBe(201);
  return res.body;
}

const assertion = async (member: Member) => ({ [IDENTITY_HEADER]: await signer.sign({ userId: member.id }) });

describe(`live delivery ${testInfra().redisUrl ? 'across instances' : 'on one instance'}`, () => {
  it('delivers a message posted through one instance to the receiver’s socket on the other, and to the sender’s other tabs', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const adaTab = await socketVia(0, ada!);
    const adaOtherTab = await socketVia(1, ada!);
    const bobTab = await socketVia(1, bob!);

    const sent = await postVia(0, ada!, bob!, 'Hello across instances');
    await waitFor('Bob’s socket to get the message', () => bobTab.received.of('message:new').length === 1);
    expect(bobTab.received.of('message:new')).toEqual([{ ...sent, sender: expect.objectContaining({ id: ada!.id }), receiver: expect.objectContaining({ id: bob!.id }), otherUser: expect.objectContaining({ id: ada!.id, firstName: 'Ada' }), unreadCount: 1 }]);
    await waitFor('both of Ada’s tabs to get it', () => adaTab.received.of('message:new').length === 1 && adaOtherTab.received.of('message:new').length === 1);
    expect(adaOtherTab.received.of('message:new')).toEqual([expect.objectContaining({ ...sent, unreadCount: 0, otherUser: expect.objectContaining({ id: bob!.id }) })]);
    expect(bobTab.received.events.map((e) => e.event)).toEqual(['message:new']);

    const reply = await postVia(1, bob!, ada!, 'Hello back');
    await waitFor('Ada’s socket on the first instance to get the reply', () => adaTab.received.of('message:new').length === 2);
    expect(adaTab.received.of('message:new')[1]).toEqual(expect.objectContaining({ ...reply, unreadCount: 1, otherUser: expect.objectContaining({ id: bob!.id }) }));
  });

  it('pushes the receiver no e-mail the sender made private, and the sender their own', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await setContactPrivacy(sut, users, ada!, false);
    const adaTab = await socketVia(0, ada!);
    const bobTab = await socketVia(1, bob!);
    await postVia(0, ada!, bob!, 'Private hello');
    await waitFor('both members to get the message', () => bobTab.received.of('message:new').length === 1 && adaTab.received.of('message:new').length === 1);
    expect(bobTab.received.of('message:new')[0]).toMatchObject({ sender: { id: ada!.id, email: null }, otherUser: { id: ada!.id, email: null } });
    expect(JSON.stringify(bobTab.received.events)).not.toContain(`${ada!.id}@example.com`);
    expect(adaTab.received.of('message:new')[0]).toMatchObject({ sender: { id: ada!.id, email: `${ada!.id}@example.com` } });
  });

  it('sends read receipts to both members when a conversation is marked read over the socket', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const adaTab = await socketVia(0, ada!);
    const bobTab = await socketVia(1, bob!);
    await postVia(0, ada!, bob!, 'one');
    await postVia(0, ada!, bob!, 'two');
    await waitFor('both messages at Bob', () => bobTab.received.of('message:new').length === 2);

    const ack = await bobTab.socket.emitWithAck('messages:markRead', { userId: ada!.id });
    expect(ack).toEqual({ ok: true, count: 2 } satisfies MarkReadAck);
    await waitFor('Ada to get the read receipt', () => adaTab.received.of('messages:read').length === 1);
    expect(adaTab.received.of('messages:read')).toEqual([{ readerId: bob!.id, senderId: ada!.id, readAt: expect.any(String), count: 2 }]);
    expect(await bobTab.socket.emitWithAck('messages:markRead', { userId: ada!.id })).toEqual({ ok: true, count: 0 });
    expect(await bobTab.socket.emitWithAck('messages:markRead', { userId: 'dev-nobody' })).toEqual({ ok: false, message: 'Member not found' });
    expect(await bobTab.socket.emitWithAck('messages:markRead', { userId: 7 } as never)).toMatchObject({ ok: false, message: expect.stringMatching(/^userId: /) });
  });

  it('pushes every message of a broadcast to the receivers’ sockets on either instance, each member its own entry', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const accepted = await Promise.all(
      [bob!, cy!].map(async (other) => (await sut.publish('connection.accepted', { connectionId: randomUUID(), requesterId: ada!.id, addresseeId: other.id })).id),
    );
    await waitFor('the connections projected', async () => (await sut.service.runtime.db.select().from(processedEvents).where(inArray(processedEvents.eventId, accepted))).length === 2);
    const adaTab = await socketVia(1, ada!);
    const bobTab = await socketVia(0, bob!);
    const cyTab = await socketVia(1, cy!);
    const res = await call<{ count: number }>(gateways[0]!.url, { cookie: await gateways[0]!.signIn(ada!.id), origin: PUBLIC_URL }, 'POST', '/api/messages/broadcast', { content: 'to all' });
    expect(res.body).toEqual({ count: 2 });
    for (const [tab, member] of [[bobTab, bob!], [cyTab, cy!]] as const) {
      await waitFor('the broadcast at each receiver', () => tab.received.events.length === 1);
      expect(tab.received.events.map((e) => e.event)).toEqual(['message:new']);
      expect(tab.received.of('message:new')).toEqual([
        expect.objectContaining({ senderId: ada!.id, receiverId: member.id, content: 'to all', unreadCount: 1, otherUser: expect.objectContaining({ id: ada!.id }) }),
      ]);
    }
    await waitFor('both messages at the sender’s tab', () => adaTab.received.of('message:new').length === 2);
    expect(adaTab.received.of('message:new').map((e) => e.otherUser.id).sort()).toEqual([bob!.id, cy!.id].sort());
  });

  it('tells both members’ tabs on either instance when a connection is requested, accepted and removed, and no one else', async () => {
    const [ada, bob, eve] = await seedMembers(sut, 'Ada', 'Bob', 'Eve');
    const adaTab = await socketVia(0, ada!);
    const bobTabs = [await socketVia(0, bob!), await socketVia(1, bob!)];
    const eveTab = await socketVia(1, eve!);
    const pair = { connectionId: randomUUID(), requesterId: ada!.id, addresseeId: bob!.id };
    await sut.publish('connection.requested', pair);
    for (const tab of [adaTab, ...bobTabs]) await waitFor('the request at each tab', () => tab.received.of('connection:changed').length === 1);
    await sut.publish('connection.accepted', pair);
    for (const tab of [adaTab, ...bobTabs]) await waitFor('the acceptance at each tab', () => tab.received.of('connection:changed').length === 2);
    await sut.publish('connection.removed', pair);
    for (const tab of [adaTab, ...bobTabs]) {
      await waitFor('the removal at each tab', () => tab.received.of('connection:changed').length === 3);
      expect(tab.received.of('connection:changed')).toEqual(['pending', 'accepted', 'removed'].map((status) => ({ ...pair, status })));
    }
    expect(eveTab.received.events).toEqual([]);
  });

  it('tells both members’ tabs on either instance when a request is declined, so the requester’s screen shows it, and no one else', async () => {
    const [ada, bob, eve] = await seedMembers(sut, 'Ada', 'Bob', 'Eve');
    const adaTabs = [await socketVia(0, ada!), await socketVia(1, ada!)];
    const bobTab = await socketVia(1, bob!);
    const eveTab = await socketVia(0, eve!);
    const pair = { connectionId: randomUUID(), requesterId: ada!.id, addresseeId: bob!.id };
    await sut.publish('connection.requested', pair);
    for (const tab of [...adaTabs, bobTab]) await waitFor('the request at each tab', () => tab.received.of('connection:changed').length === 1);
    await sut.publish('connection.declined', pair);
    for (const tab of [...adaTabs, bobTab]) {
      await waitFor('the decline at each tab', () => tab.received.of('connection:changed').length === 2);
      expect(tab.received.of('connection:changed')).toEqual(['pending', 'rejected'].map((status) => ({ ...pair, status })));
    }
    expect(eveTab.received.events).toEqual([]);
  });

  it('never gives a socket another pair’s messages', async () => {
    const [ada, bob, eve, dan] = await seedMembers(sut, 'Ada', 'Bob', 'Eve', 'Dan');
    const eveTabs = [await socketVia(0, eve!), await socketVia(1, eve!)];
    await socketVia(1, bob!);
    for (let i = 0; i < 5; i += 1) await postVia(i % 2 === 0 ? 0 : 1, i % 2 === 0 ? ada! : bob!, i % 2 === 0 ? bob! : ada!, `private ${i}`);
    // A message for Eve sent last: once it is in, anything meant for others would have arrived too.
    const forEve = await postVia(0, dan!, eve!, 'for Eve');
    for (const tab of eveTabs) {
      await waitFor('Eve’s own message', () => tab.received.of('message:new').length === 1);
      expect(tab.received.of('message:new')).toEqual([expect.objectContaining(forEve)]);
      expect(tab.received.events.map((e) => e.event)).toEqual(['message:new']);
    }
  });
});

describe('a member who deletes their account', () => {
  it('has their open sockets closed on every instance, and another member’s left open', async () => {
    const [leaving, staying] = await seedMembers(sut, 'Leaving', 'Staying');
    const sockets = [await socketVia(0, leaving!), await socketVia(1, leaving!)];
    const other = await socketVia(1, staying!);
    await sut.publish('user.deleted', { id: leaving!.id });
    await waitFor('the deleted member’s sockets to close', () => sockets.every(({ socket }) => !socket.connected), 10_000);
    expect(other.socket.connected).toBe(true);
  });
});

describe('socket admission and limits', () => {
  it('refuses a socket without a session, and one from another site', async () => {
    expect(await refusal(gateways[0]!.url, { origin: PUBLIC_URL })).toBe('Unauthorized');
    const [ada] = await seedMembers(sut, 'Ada');
    const cookie = await gateways[0]!.signIn(ada!.id);
    expect(await refusal(gateways[0]!.url, { origin: 'https://evil.example', cookie })).toBe('websocket error');
  });

  it('checks the service’s own door too: a forged or missing assertion, or a foreign Origin, is refused', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect(await refusal(sut.url, {})).toBe('Unauthorized');
    expect(await refusal(sut.url, { [IDENTITY_HEADER]: 'forged' })).toBe('Unauthorized');
    expect(await refusal(sut.url, { ...(await sut.as(ada!.id)) })).toBe('Unauthorized');
    expect(await refusal(sut.url, { ...(await assertion(ada!)), origin: 'https://evil.example' })).toBe('websocket error');
    // A non-browser client sends no Origin; its assertion is what admits it.
    expect(await refusal(sut.url, await assertion(ada!))).toBe('connected');
    expect(await refusal(sut.url, { ...(await assertion(ada!)), origin: PUBLIC_URL })).toBe('connected');
  });

  it('closes a socket that sends a frame over 16 KB', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const tab = await socketVia(0, ada!);
    const closed = new Promise<string>((resolve) => tab.socket.once('disconnect', (reason) => resolve(reason)));
    tab.socket.emit('messages:markRead', { userId: 'x'.repeat(20_000) });
    expect(await closed).toBe('transport close');
  });

  it('refuses events past 30 in 10 seconds, and closes a socket that keeps going', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const tab = await socketVia(1, ada!);
    const acks = await Promise.all(Array.from({ length: 31 }, () => tab.socket.timeout(2000).emitWithAck('messages:markRead', { userId: bob!.id })));
    expect(acks.slice(0, 30).every((a) => a.ok)).toBe(true);
    expect(acks[30]).toEqual({ ok: false, message: 'Too many events' });
    const closed = new Promise<string>((resolve) => tab.socket.once('disconnect', (reason) => resolve(reason)));
    for (let i = 0; i < 30; i += 1) tab.socket.emit('messages:markRead', { userId: bob!.id });
    expect(await closed).toBe('io server disconnect');
  });

  it('ends its sockets when an instance shuts down, so clients reconnect elsewhere, and stops promptly', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const leaving = await startReplica(sut);
    const { socket } = await openSocket(leaving.url, await assertion(ada!));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const started = Date.now();
    await leaving.service.destroy();
    expect(Date.now() - started).toBeLessThan(5000);
    // A client reconnects after its connection closes, never after the server's own 'io server disconnect'.
    expect(await disconnected).toBe('transport close');
  });
});
