import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Envelope } from '@freemarket/contracts';
import { userSummaries } from '@freemarket/kit';
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
