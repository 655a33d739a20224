import { randomUUID } from 'node:crypto';
import type { Profile, ProfileInput } from '@freemarket/contracts';
import type { ServiceHandle } from '@freemarket/kit';
import { startServiceForTest, type ServiceUnderTest } from '@freemarket/testing';
import { createDirectoryService, loadDirectoryConfig, type DirectoryContext } from '../src/index.js';
import { users } from '../src/db/schema/index.js';

export type Directory = ServiceUnderTest<ServiceHandle<DirectoryContext>>;

/** The directory on a fresh database and its own bus names (real Postgres and NATS in CI). */
export function startDirectory(env: Record<string, string> = {}): Promise<Directory> {
  return startServiceForTest({ name: 'directory', create: createDirectoryService, loadConfig: loadDirectoryConfig, env });
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** Calls the directory as a member (or anonymously with `null`), JSON in and out. */
export async function call<T = unknown>(sut: Directory, as: string | null, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = as ? await sut.as(as) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sut.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export interface Member {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A member known to the directory's users projection, as if identity had announced them. */
export async function newMember(sut: Directory, name: { firstName?: string; lastName?: string; email?: string } = {}): Promise<Member> {
  const id = `dev-${randomUUID()}`;
  const member = {
    id,
    firstName: name.firstName ?? 'Test',
    lastName: name.lastName ?? `Member${id.slice(4, 10)}`,
    email: name.email ?? `${id}@example.com`,
  };
  await sut.service.runtime.db.insert(users).values({ ...member, profileImageUrl: null });
  return member;
}

/** A member with a profile made through the API, as the profile page makes it. */
export async function newProfile(sut: Directory, fields: ProfileInput = {}, name: Parameters<typeof newMember>[1] = {}): Promise<{ member: Member; profile: Profile }> {
  const member = await newMember(sut, name);
  const res = await call<Profile>(sut, member.id, 'POST', '/api/profiles', fields);
  if (res.status !== 201) throw new Error(`creating a profile answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { member, profile: res.body };
}

/** Distance in km on a sphere of the earthdistance module's radius (haversine), to check the server's order. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6378.168;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
