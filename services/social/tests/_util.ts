import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { startServiceForTest, waitFor, type ServiceUnderTest } from '@freemarket/testing';
import { createSocialService, loadSocialConfig } from '../src/index.js';
import { users } from '../src/db/schema/index.js';

export type SocialUnderTest = ServiceUnderTest<Awaited<ReturnType<typeof createSocialService>>>;

export function startSocial(): Promise<SocialUnderTest> {
  return startServiceForTest({ name: 'social', create: createSocialService, loadConfig: loadSocialConfig });
}

export interface Member {
  id: string;
  firstName: string;
}

/** Announces members as identity would, and waits until the users projection has them all. */
export async function seedMembers(sut: SocialUnderTest, ...firstNames: string[]): Promise<Member[]> {
  const members = firstNames.map((firstName) => ({ id: `dev-${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}`, firstName }));
  await Promise.all(
    members.map((m) =>
      sut.publish('user.upserted', { id: m.id, email: `${m.id}@example.com`, firstName: m.firstName, lastName: 'Tester', profileImageUrl: null }),
    ),
  );
  const ids = members.map((m) => m.id);
  await waitFor('the members in the users projection', async () => {
    const rows = await sut.service.runtime.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    return rows.length === ids.length;
  });
  return members;
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** Calls the service as `userId` (or anonymously with null), the way the gateway forwards requests. */
export async function call<T = unknown>(sut: SocialUnderTest, userId: string | null, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = userId ? await sut.as(userId) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sut.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
