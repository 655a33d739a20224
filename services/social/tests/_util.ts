import { startServiceForTest, type ServiceUnderTest, seedMembers as seedMembersIn, type Member } from '@freemarket/testing';
import { createSocialService, loadSocialConfig } from '../src/index.js';
import { users } from '../src/db/schema/index.js';

export type SocialUnderTest = ServiceUnderTest<Awaited<ReturnType<typeof createSocialService>>>;

export function startSocial(): Promise<SocialUnderTest> {
  return startServiceForTest({ name: 'social', create: createSocialService, loadConfig: loadSocialConfig });
}

export type { Member };

/** Announces members as identity would, and waits until the users projection has them all. */
export function seedMembers(sut: SocialUnderTest, ...firstNames: string[]): Promise<Member[]> {
  return seedMembersIn(sut, users, ...firstNames);
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

/** An ISO instant `days` from now (negative: in the past), as the events API takes it. */
export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();
