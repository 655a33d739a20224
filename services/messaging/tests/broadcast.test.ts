import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { BroadcastResult, ConversationPage, ErrorBody } from '@freemarket/contracts';
import { waitFor } from '@freemarket/testing';
import { messages, processedEvents } from '../src/db/schema/index.js';
import { call, deleteRedisKeys, openSocket, seedMembers, startMessaging, type Member, type MessagingUnderTest, type OpenedSocket } from './_util.js';

let sut: MessagingUnderTest;
const sockets: OpenedSocket[] = [];
beforeAll(async () => {
  sut = await startMessaging();
});
afterAll(async () => {
  for (const { socket } of sockets) socket.close();
  await sut?.stop();
  await deleteRedisKeys(sut?.redisKeyPrefix);
});

type ConnectionEvent = 'connection.requested' | 'connection.accepted' | 'connection.removed';

/** Publishes connection events as social's relay would, and waits until messaging has handled them all. */
async function socialSays(...events: Array<[ConnectionEvent, string, Member, Member]>): Promise<void> {
  const ids: string[] = [];
  for (const [type, connectionId, requester, addressee] of events) {
    ids.push((await sut.publish(type, { connectionId, requesterId: requester.id, addresseeId: addressee.id })).id);
  }
  await waitFor('the connection events consumed', async () => {
    const handled = await Promise.all(ids.map((id) => sut.service.runtime.db.select().from(processedEvents).where(eq(processedEvents.eventId, id))));
    return handled.every((rows) => rows.length === 1);
  });
}

const broadcast = async (from: Member, content: unknown) => call<BroadcastResult & ErrorBody>(sut.url, await sut.as(from.id), 'POST', '/api/messages/broadcast', { content });
const receivedFrom = async (member: Member, sender: Member) =>
  (await sut.service.runtime.db.select({ n: count() }).from(messages).where(and(eq(messages.receiverId, member.id), eq(messages.senderId, sender.id))))[0]!.n;

describe('broadcast', () => {
  it('reaches exactly the accepted connections: not pending, rejected or removed ones, whatever order the events came in', async () => {
    const [host, friend, invitee, exFriend, lateRemoval, other, stranger] = await seedMembers(sut, 'Host', 'Friend', 'Invitee', 'Ex', 'Late', 'Other', 'Stranger');
    const [accepted, pending, removed, outOfOrder, incoming] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // Removed, but the removal is consumed before the acceptance.
    await socialSays(['connection.removed', outOfOrder, host!, lateRemoval!]);
    await socialSays(['connection.accepted', outOfOrder, host!, lateRemoval!]);
    await socialSays(
      ['connection.requested', accepted, host!, friend!],
      ['connection.accepted', accepted, host!, friend!],
      // Still pending, or declined (social announces no decline): not connected.
      ['connection.requested', pending, host!, invitee!],
      ['connection.requested', removed, exFriend!, host!],
      ['connection.accepted', removed, exFriend!, host!],
      ['connection.removed', removed, exFriend!, host!],
      // Accepted the other way round: the host is the addressee.
      ['connection.accepted', incoming, other!, host!],
    );
    for (const member of [friend!, other!, invitee!, stranger!]) sockets.push(await openSocket(sut.url, await sut.as(member.id)));
    const [friendSocket, otherSocket, inviteeSocket, strangerSocket] = sockets.slice(-4);

    const res = await broadcast(host!, '  Open house on Saturday!  ');
    expect(res).toMatchObject({ status: 201, body: { count: 2 } });
    const rows = await sut.service.runtime.db.select().from(messages).where(eq(messages.senderId, host!.id));
    expect(rows.map((m) => m.receiverId).sort()).toEqual([friend!.id, other!.id].sort());
    expect(rows.every((m) => m.content === 'Open house on Saturday!')).toBe(true);

    await waitFor('both connections told live', () => friendSocket!.received.of('message:new').length === 1 && otherSocket!.received.of('message:new').length === 1);
    expect(friendSocket!.received.of('message:new')).toEqual([expect.objectContaining({ content: 'Open house on Saturday!', unreadCount: 1, otherUser: expect.objectContaining({ id: host!.id }) })]);
    expect(inviteeSocket!.received.events).toEqual([]);
    expect(strangerSocket!.received.events).toEqual([]);
    expect(await receivedFrom(exFriend!, host!)).toBe(0);
    expect(await receivedFrom(lateRemoval!, host!)).toBe(0);

    const hostView = await call<ConversationPage>(sut.url, await sut.as(host!.id), 'GET', '/api/messages/conversations');
    expect(hostView.body.items.map((e) => e.otherUser.id).sort()).toEqual([friend!.id, other!.id].sort());
  });

  it('ignores a redelivered acceptance and answers a member without connections with a count of 0', async () => {
    const [host, friend, loner] = await seedMembers(sut, 'Host', 'Friend', 'Loner');
    const connectionId = randomUUID();
    const eventId = randomUUID();
    await sut.publish('connection.accepted', { connectionId, requesterId: host!.id, addresseeId: friend!.id }, eventId);
    await socialSays(['connection.removed', connectionId, host!, friend!]);
    // The same acceptance again (a redelivery): processed once, so the removal stands.
    await sut.publish('connection.accepted', { connectionId, requesterId: host!.id, addresseeId: friend!.id }, eventId);
    await new Promise((r) => setTimeout(r, 200));
    expect(await broadcast(host!, 'anyone?')).toMatchObject({ status: 201, body: { count: 0 } });
    expect(await broadcast(loner!, 'hello?')).toMatchObject({ status: 201, body: { count: 0 } });
  });

  it('refuses a blank or over-long broadcast with 400 and an anonymous one with 401', async () => {
    const [host] = await seedMembers(sut, 'Host');
    expect((await broadcast(host!, '   ')).body.message).toMatch(/^body\.content: /);
    expect((await broadcast(host!, 'x'.repeat(2001))).status).toBe(400);
    expect((await broadcast(host!, null)).status).toBe(400);
    expect(await call(sut.url, {}, 'POST', '/api/messages/broadcast', { content: 'hi' })).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('allows five broadcasts an hour, then answers 429; one that reaches nobody costs nothing', async () => {
    const [host, friend] = await seedMembers(sut, 'Host', 'Friend');
    for (let i = 0; i < 6; i += 1) expect((await broadcast(host!, `nobody ${i}`)).body).toEqual({ count: 0 });
    await socialSays(['connection.accepted', randomUUID(), host!, friend!]);
    for (let i = 0; i < 5; i += 1) expect((await broadcast(host!, `news ${i}`)).status).toBe(201);
    const limited = await broadcast(host!, 'more news');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many broadcasts \(5 per hour\): try again in \d+ s$/);
  });
});
