import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Envelope, EventData, EventType } from '@freemarket/contracts';
import { userSummaries, type ServiceRuntime } from '@freemarket/kit';
import type { ServiceUnderTest, TestableService } from './service-harness.js';
import { waitFor } from './wait.js';

type ProjectionDb = Parameters<typeof userSummaries>[0];
type ProjectionTable = Parameters<typeof userSummaries>[1];

export interface Member {
  id: string;
  firstName: string;
}

/** Announces members as identity would, and waits until the service's users projection has them all. */
export async function seedMembers(
  sut: ServiceUnderTest<TestableService & { runtime: { db: ProjectionDb } }>,
  users: ProjectionTable,
  ...firstNames: string[]
): Promise<Member[]> {
  const members = firstNames.map((firstName) => ({ id: `dev-${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}`, firstName }));
  await Promise.all(
    members.map((m) =>
      sut.publish('user.upserted', { id: m.id, email: `${m.id}@example.com`, firstName: m.firstName, lastName: 'Tester', profileImageUrl: null }),
    ),
  );
  const ids = members.map((m) => m.id);
  await waitFor('the members in the users projection', async () => (await userSummaries(sut.service.runtime.db, users, ids, '')).size === ids.length);
  return members;
}

/**
 * Announces, as the directory would, that the member made their contact information private (or
 * public again), and waits until the service's users projection has it.
 */
export async function setContactPrivacy(
  sut: ServiceUnderTest<TestableService & { runtime: { db: ProjectionDb } }>,
  users: ProjectionTable,
  member: Member,
  contactInfoIsPublic: boolean,
): Promise<void> {
  const flags = { isServiceProvider: false, isNonProfit: false, isPoliticalCandidate: false, isCommunityMember: true };
  await sut.publish('profile.updated', { profileId: randomUUID(), userId: member.id, ...flags, contactInfoIsPublic });
  await waitFor('the contact privacy in the users projection', async () => {
    const [row] = await sut.service.runtime.db.select().from(users).where(eq(users.id, member.id));
    return row?.contactInfoIsPublic === contactInfoIsPublic;
  });
}

/**
 * Announces, as identity would, that the member deleted their account, and waits until the
 * service's users projection dropped them. Returns the event, to replay it.
 */
export async function deleteMember(
  sut: ServiceUnderTest<TestableService & { runtime: { db: ProjectionDb } }>,
  users: ProjectionTable,
  member: Member,
  id?: string,
): Promise<Envelope<'user.deleted'>> {
  const event = await sut.publish('user.deleted', { id: member.id }, id);
  await waitFor('the member gone from the users projection', async () => (await userSummaries(sut.service.runtime.db, users, [member.id], '')).size === 0);
  return event;
}

/**
 * Delivers `event` again, as a redelivery would, waits for the service to have had it, and returns
 * what `read` sees then: a test compares it with what it saw before.
 */
export async function afterReplay<T>(sut: ServiceUnderTest<TestableService>, event: Envelope<'user.deleted'>, read: () => Promise<T>): Promise<T> {
  await sut.publish('user.deleted', event.data, event.id);
  await new Promise((r) => setTimeout(r, 300));
  return read();
}

/** An event to deliver late: its subject and payload. */
export type LateEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/**
 * Delivers events that happened at `occurredAt` (before a member's deletion, say) only now, as
 * events still in flight would arrive, and waits until the service has handled every one.
 */
export async function deliverLate(
  sut: ServiceUnderTest<TestableService & { runtime: Pick<ServiceRuntime, 'db' | 'tables'> }>,
  occurredAt: Date,
  events: readonly LateEvent[],
): Promise<void> {
  const ids = events.map(() => randomUUID());
  for (const [i, { type, data }] of events.entries()) {
    await sut.bus.publish({ id: ids[i]!, type, occurredAt: occurredAt.toISOString(), producer: 'test', data } as Envelope);
  }
  const { db, tables } = sut.service.runtime;
  const handled = async () => (await db.select().from(tables.processedEvents).where(inArray(tables.processedEvents.eventId, ids))).length;
  await waitFor('the late events handled', async () => (await handled()) === ids.length);
}

/** What identity and the directory announce about a member: their record and a profile change. */
export function memberEvents(member: Member): LateEvent[] {
  const flags = { isServiceProvider: false, isNonProfit: false, isPoliticalCandidate: true, isCommunityMember: true };
  return [
    { type: 'user.upserted', data: { id: member.id, email: `${member.id}@example.com`, firstName: member.firstName, lastName: 'Tester', profileImageUrl: null } },
    { type: 'profile.updated', data: { profileId: randomUUID(), userId: member.id, ...flags, contactInfoIsPublic: true } },
  ];
}
