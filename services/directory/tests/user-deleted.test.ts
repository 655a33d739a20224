import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ExportPart } from '@freemarket/contracts';
import { afterReplay, deleteMember, deliverLate, memberEvents } from '@freemarket/testing';
import { favoriteBusinesses, profiles, reviews, testimonials, users } from '../src/db/schema/index.js';
import { call, newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

const snapshot = async () => {
  const db = sut.service.runtime.db;
  return {
    profiles: await db.select().from(profiles).orderBy(profiles.userId),
    reviews: await db.select().from(reviews).orderBy(reviews.reviewerId),
    testimonials: await db.select().from(testimonials).orderBy(testimonials.authorId),
    favorites: await db.select().from(favoriteBusinesses).orderBy(favoriteBusinesses.userId),
  };
};

describe('user.deleted in the directory', () => {
  it('exports the member’s profile and the reviews they gave and received', async () => {
    const { member: pro } = await newProfile(sut, { title: 'Welder' });
    const { member: client } = await newProfile(sut, { title: 'Client' });
    expect((await call(sut, client.id, 'POST', '/api/reviews', { revieweeId: pro.id, rating: 4, comment: 'Good welds' })).status).toBe(201);
    const { status, body } = await call<ExportPart>(sut, pro.id, 'GET', '/internal/export');
    expect(status).toBe(200);
    expect(body.lists.profile).toEqual([expect.objectContaining({ userId: pro.id, title: 'Welder' })]);
    expect(body.lists.reviews).toEqual([expect.objectContaining({ reviewerId: client.id, comment: 'Good welds' })]);
  });

  it('erases the member’s profile, reviews, testimonials and favourites, recounts the ratings they gave, and ignores a replay', async () => {
    const { member: gone } = await newProfile(sut, { title: 'Leaving' });
    const { member: kept, profile: keptProfile } = await newProfile(sut, { title: 'Staying' });
    const { member: third } = await newProfile(sut, { title: 'Third' });
    expect((await call(sut, gone.id, 'POST', '/api/reviews', { revieweeId: kept.id, rating: 1, comment: 'Bad' })).status).toBe(201);
    expect((await call(sut, third.id, 'POST', '/api/reviews', { revieweeId: kept.id, rating: 5, comment: 'Great' })).status).toBe(201);
    expect((await call(sut, kept.id, 'POST', '/api/reviews', { revieweeId: gone.id, rating: 3, comment: 'Fine' })).status).toBe(201);
    expect((await call(sut, gone.id, 'POST', '/api/testimonials', { profileUserId: kept.id, content: 'Kind' })).status).toBe(201);
    expect((await call(sut, kept.id, 'POST', '/api/favorite-businesses', { businessUserId: gone.id })).status).toBe(201);
    expect((await call(sut, gone.id, 'POST', '/api/favorite-businesses', { businessUserId: kept.id })).status).toBe(201);

    const event = await deleteMember(sut, users, gone);
    const after = await snapshot();
    expect(JSON.stringify(after)).not.toContain(gone.id);
    expect(after.reviews.filter((r) => r.revieweeId === kept.id).map((r) => r.comment)).toEqual(['Great']);
    const [rated] = await sut.service.runtime.db.select().from(profiles).where(eq(profiles.id, keptProfile.id));
    expect(rated).toMatchObject({ averageRating: '5.00', reviewCount: 1 });
    expect((await call(sut, third.id, 'GET', `/api/profiles/user/${gone.id}`)).status).toBe(404);
    const left = await sut.service.runtime.db.select().from(reviews).where(eq(reviews.reviewerId, third.id));
    expect(left).toHaveLength(1);

    expect(await afterReplay(sut, event, snapshot)).toEqual(after);
  });

  it('recreates nothing from the member’s record announced before the deletion and delivered after it, and finds no such member', async () => {
    const { member: gone } = await newProfile(sut, { title: 'Late' });
    const before = new Date();
    await deleteMember(sut, users, gone);
    // The directory owns profiles, so of a member's events it follows only identity's.
    await deliverLate(sut, before, memberEvents(gone).filter((e) => e.type === 'user.upserted'));
    expect(await sut.service.runtime.db.select().from(users).where(eq(users.id, gone.id))).toEqual([]);
    expect(await sut.service.runtime.db.select().from(profiles).where(eq(profiles.userId, gone.id))).toEqual([]);
    const { member: looking } = await newProfile(sut, { title: 'Looking' });
    expect((await call(sut, looking.id, 'GET', `/api/profiles/user/${gone.id}`)).status).toBe(404);
  });
});
