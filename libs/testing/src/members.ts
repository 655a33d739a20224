import { randomUUID } from 'node:crypto';
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
  await waitFor('the members in the users projection', async () => (await userSummaries(sut.service.runtime.db, users, ids)).size === ids.length);
  return members;
}
