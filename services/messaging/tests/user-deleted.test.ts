import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { isRemovedMember, type ExportPart } from '@freemarket/contracts';
import { userSummaries } from '@freemarket/kit';
import { afterReplay, deleteMember, deliverLate, memberEvents, seedMembers, startServiceForTest, type ServiceUnderTest } from '@freemarket/testing';
import { createMessagingService } from '../src/index.js';
import { acceptedConnections, conversations, messages, users } from '../src/db/schema/index.js';

let sut: ServiceUnderTest<Awaited<ReturnType<typeof createMessagingService>>>;
beforeAll(async () => {
  sut = await startServiceForTest({ name: 'messaging', create: createMessagingService });
});
afterAll(() => sut?.stop());

async function converse(a: string, b: string, content: string): Promise<void> {
  const db = sut.service.runtime.db;
  const [m] = await db.insert(messages).values({ senderId: a, receiverId: b, content }).returning();
  for (const [ownerId, otherId] of [
    [a, b],
    [b, a],
  ] as const) {
    await db.insert(conversations).values({ ownerId, otherId, lastMessageId: m!.id, lastMessageAt: m!.createdAt }).onConflictDoNothing();
  }
}

const snapshot = async () => ({
  messages: await sut.service.runtime.db.select().from(messages).orderBy(messages.content),
  conversations: await sut.service.runtime.db.select().from(conversations).orderBy(conversations.ownerId, conversations.otherId),
});

describe('user.deleted in messaging', () => {
  it('exports the member’s messages to them alone', async () => {
    const [ann, ben] = await seedMembers(sut, users, 'Ann', 'Ben');
    await converse(ann!.id, ben!.id, 'hello from ann');
    const res = await fetch(`${sut.url}/internal/export`, { headers: await sut.as(ann!.id) });
    expect(res.status).toBe(200);
    const part = (await res.json()) as ExportPart;
    expect(part.lists.messages).toEqual([expect.objectContaining({ content: 'hello from ann', senderId: ann!.id })]);
    expect((await fetch(`${sut.url}/internal/export`)).status).toBe(401);
  });

  it('keeps messages for the other party from a removed member, drops the member’s inbox, and ignores a replay', async () => {
    const [gone, kept, other] = await seedMembers(sut, users, 'Gone', 'Kept', 'Other');
    await converse(gone!.id, kept!.id, 'gone to kept');
    await converse(kept!.id, gone!.id, 'kept to gone');
    await converse(kept!.id, other!.id, 'kept to other');
    await sut.service.runtime.db.insert(acceptedConnections).values({ connectionId: crypto.randomUUID(), requesterId: gone!.id, addresseeId: kept!.id });

    const event = await deleteMember(sut, users, gone!);
    const after = await snapshot();
    const mentions = (id: string) => after.messages.filter((m) => m.senderId === id || m.receiverId === id);
    expect(mentions(gone!.id)).toEqual([]);
    const withKept = after.messages.filter((m) => m.content === 'gone to kept' || m.content === 'kept to gone');
    expect(withKept).toHaveLength(2);
    for (const m of withKept) expect(isRemovedMember(m.senderId) || isRemovedMember(m.receiverId)).toBe(true);
    expect(after.messages.find((m) => m.content === 'kept to other')).toMatchObject({ senderId: kept!.id, receiverId: other!.id });
    expect(after.conversations.filter((c) => c.ownerId === gone!.id || c.otherId === gone!.id)).toEqual([]);
    expect(after.conversations.filter((c) => c.ownerId === kept!.id).map((c) => isRemovedMember(c.otherId) || c.otherId === other!.id)).toEqual([true, true]);
    const links = await sut.service.runtime.db.select().from(acceptedConnections).where(or(eq(acceptedConnections.requesterId, gone!.id), eq(acceptedConnections.addresseeId, gone!.id)));
    expect(links).toEqual([]);

    // The other party's conversation names the removed member as such.
    const list = await fetch(`${sut.url}/api/messages/conversations`, { headers: await sut.as(kept!.id) });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain('Removed member');

    expect(await afterReplay(sut, event, snapshot)).toEqual(after);
  });

  it('recreates nothing from the member’s events and connections that happened before the deletion and arrive after it', async () => {
    const [gone, kept] = await seedMembers(sut, users, 'Late', 'Kept');
    const before = new Date();
    await deleteMember(sut, users, gone!);
    await deliverLate(sut, before, [
      ...memberEvents(gone!),
      { type: 'connection.accepted', data: { connectionId: crypto.randomUUID(), requesterId: kept!.id, addresseeId: gone!.id } },
      { type: 'connection.removed', data: { connectionId: crypto.randomUUID(), requesterId: gone!.id, addresseeId: kept!.id } },
    ]);
    const db = sut.service.runtime.db;
    expect(await db.select().from(users).where(eq(users.id, gone!.id))).toEqual([]);
    expect(await db.select().from(acceptedConnections).where(or(eq(acceptedConnections.requesterId, gone!.id), eq(acceptedConnections.addresseeId, gone!.id)))).toEqual([]);
    expect((await userSummaries(db, users, [gone!.id], kept!.id)).size).toBe(0);
  });
});
