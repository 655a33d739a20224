import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userSummaries } from '@freemarket/kit';
import { deleteMember, deliverLate, memberEvents } from '@freemarket/testing';
import { memberProfiles, users } from '../src/db/schema/index.js';
import { seedMembers, startSocial, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());

const rowsOf = async (userId: string) => {
  const db = sut.service.runtime.db;
  return {
    users: await db.select().from(users).where(eq(users.id, userId)),
    memberProfiles: await db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId)),
    summaries: [...(await userSummaries(db, users, [userId], userId)).values()],
  };
};

describe('a member’s events that arrive after their deletion, in social', () => {
  it('recreate nothing when they happened before the deletion', async () => {
    const [gone] = await seedMembers(sut, 'Late');
    const before = new Date();
    await deleteMember(sut, users, gone!);
    await deliverLate(sut, before, memberEvents(gone!));
    expect(await rowsOf(gone!.id)).toEqual({ users: [], memberProfiles: [], summaries: [] });
  });

  it('count again when they happened after it: the member signed up again', async () => {
    const [back] = await seedMembers(sut, 'Back');
    await deleteMember(sut, users, back!);
    await deliverLate(sut, new Date(), memberEvents(back!));
    const rows = await rowsOf(back!.id);
    expect(rows.users).toHaveLength(1);
    expect(rows.memberProfiles).toHaveLength(1);
  });
});
