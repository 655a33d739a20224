import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Envelope, Profile, Review } from '@freemarket/contracts';
import { outbox, reviews } from '../src/db/schema/index.js';
import { call, newMember, newProfile, startDirectory, type Directory } from './_util.js';
import { waitFor } from '@freemarket/testing';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

type Page = { items: Review[]; nextCursor: string | null };
const post = (as: string, body: unknown) => call<Review>(sut, as, 'POST', '/api/reviews', body);
const profileOf = async (userId: string, as: string) => (await call<Profile>(sut, as, 'GET', `/api/profiles/user/${userId}`)).body;
const outboxOf = async (type: string) =>
  (await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, type))).map((r) => (r.envelope as Envelope).data as { reviewId: string; rating: number });

describe('posting a review', () => {
  it('records the review, updates the rating and announces review.created on the bus', async () => {
    const received: Envelope<'review.created'>[] = [];
    await sut.bus.consume({
      consumer: 'test-rewards',
      type: 'review.created',
      handle: async (event) => {
        received.push(event);
        return 'success';
      },
    });
    const { member: pro } = await newProfile(sut, { isServiceProvider: true });
    const ada = await newMember(sut, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await post(ada.id, { revieweeId: pro.id, rating: 4, comment: '  Great work  ', serviceDate: '2025-03-05' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 4, comment: 'Great work', serviceDate: '2025-03-05', reviewerId: ada.id, revieweeId: pro.id, reviewer: { firstName: 'Ada', lastName: 'Lovelace' } });
    expect(await profileOf(pro.id, ada.id)).toMatchObject({ averageRating: '4.00', reviewCount: 1 });
    await waitFor('review.created on the bus', () => received.find((e) => e.data.reviewId === res.body.id));
    expect(received.find((e) => e.data.reviewId === res.body.id)!.data).toEqual({ reviewId: res.body.id, reviewerId: ada.id, revieweeId: pro.id, rating: 4 });
  });

  it('updates the reviewer’s earlier review instead of adding one, and announces review.updated (which earns nothing)', async () => {
    const { member: pro } = await newProfile(sut);
    const bob = await newMember(sut);
    const first = await post(bob.id, { revieweeId: pro.id, rating: 2, comment: 'Late' });
    const second = await post(bob.id, { revieweeId: pro.id, rating: 5, comment: 'Came back and fixed it' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, rating: 5, comment: 'Came back and fixed it' });
    expect(await profileOf(pro.id, bob.id)).toMatchObject({ averageRating: '5.00', reviewCount: 1 });
    expect((await outboxOf('review.created')).filter((d) => d.reviewId === first.body.id)).toHaveLength(1);
    expect((await outboxOf('review.updated')).filter((d) => d.reviewId === first.body.id)).toEqual([expect.objectContaining({ rating: 5 })]);
  });

  it('keeps averageRating and reviewCount exact under 20 concurrent reviews', async () => {
    const { member: pro } = await newProfile(sut);
    const reviewers = await Promise.all(Array.from({ length: 20 }, () => newMember(sut)));
    const ratings = reviewers.map((_, i) => (i % 5) + 1);
    const answers = await Promise.all(reviewers.map((r, i) => post(r.id, { revieweeId: pro.id, rating: ratings[i], comment: `Review ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const expected = (ratings.reduce((a, b) => a + b, 0) / 20).toFixed(2);
    expect(await profileOf(pro.id, pro.id)).toMatchObject({ averageRating: expected, reviewCount: 20 });
    // And again, everyone changing their mind at once.
    await Promise.all(reviewers.map((r) => post(r.id, { revieweeId: pro.id, rating: 1, comment: 'Changed my mind' })));
    expect(await profileOf(pro.id, pro.id)).toMatchObject({ averageRating: '1.00', reviewCount: 20 });
  });

  it('rounds the average to two decimals', async () => {
    const { member: pro } = await newProfile(sut);
    for (const rating of [5, 4, 4]) await post((await newMember(sut)).id, { revieweeId: pro.id, rating, comment: 'ok' });
    expect((await profileOf(pro.id, pro.id)).averageRating).toBe('4.33');
  });
});

describe('refusals', () => {
  it('answers 403 to a review of oneself', async () => {
    const { member } = await newProfile(sut);
    expect((await post(member.id, { revieweeId: member.id, rating: 5, comment: 'I am great' })).status).toBe(403);
  });

  it('answers 404 when the member has no profile', async () => {
    const someone = await newMember(sut);
    expect((await post(someone.id, { revieweeId: 'dev-no-profile', rating: 5, comment: 'Hello' })).status).toBe(404);
  });

  it('accepts today as the service date, wherever the member is', async () => {
    const { member: pro } = await newProfile(sut);
    const reviewer = await newMember(sut);
    const today = new Date().toISOString().slice(0, 10);
    const res = await call<{ serviceDate: string }>(sut, reviewer.id, 'POST', '/api/reviews', { revieweeId: pro.id, rating: 5, comment: 'Fine', serviceDate: today });
    expect(res.status).toBe(201);
    expect(res.body.serviceDate).toBe(today);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a rating of 0', { rating: 0 }, 'body.rating'],
    ['a rating of 6', { rating: 6 }, 'body.rating'],
    ['a half-star rating', { rating: 4.5 }, 'body.rating'],
    ['a rating sent as text', { rating: '5' }, 'body.rating'],
    ['a blank comment', { comment: '   ' }, 'body.comment'],
    ['a missing comment', { comment: undefined }, 'body.comment'],
    ['an over-long comment', { comment: 'x'.repeat(2001) }, 'body.comment'],
    ['a malformed service date', { serviceDate: '05/03/2025' }, 'body.serviceDate'],
    ['a service date in the year 0', { serviceDate: '0000-01-01' }, 'body.serviceDate'],
    ['a service date two days ahead, tomorrow everywhere on Earth', { serviceDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) }, 'body.serviceDate'],
    ['a NUL character in the comment', { comment: 'a\u0000b' }, 'body.comment'],
    ['a missing reviewee', { revieweeId: undefined }, 'body.revieweeId'],
  ];
  it.each(bad)('answers 400 naming the field for %s, and writes nothing', async (_label, change, field) => {
    const { member: pro } = await newProfile(sut);
    const reviewer = await newMember(sut);
    const res = await call<{ message: string }>(sut, reviewer.id, 'POST', '/api/reviews', { revieweeId: pro.id, rating: 5, comment: 'Fine', ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await sut.service.runtime.db.select().from(reviews).where(eq(reviews.revieweeId, pro.id))).toHaveLength(0);
  });
});

describe('GET /api/reviews/{userId}', () => {
  it('lists a member’s reviews newest first, in pages that neither repeat nor skip', async () => {
    const { member: pro } = await newProfile(sut);
    const posted: string[] = [];
    for (let i = 0; i < 7; i++) posted.push((await post((await newMember(sut)).id, { revieweeId: pro.id, rating: 3, comment: `Number ${i}` })).body.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: Page } = await call<Page>(sut, pro.id, 'GET', `/api/reviews/${pro.id}?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((r) => r.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...posted].reverse());
  });

  it('answers an empty list for a member nobody reviewed, and 400 for a bad cursor or limit', async () => {
    const viewer = await newMember(sut);
    expect((await call<Page>(sut, viewer.id, 'GET', '/api/reviews/dev-unknown')).body).toEqual({ items: [], nextCursor: null });
    expect((await call(sut, viewer.id, 'GET', '/api/reviews/dev-unknown?cursor=abc')).status).toBe(400);
    expect((await call(sut, viewer.id, 'GET', `/api/reviews/dev-unknown?cursor=${Buffer.from('2025-01-01T00:00:00.000Z|1').toString('base64url')}`)).status).toBe(400);
    expect((await call(sut, viewer.id, 'GET', '/api/reviews/dev-unknown?limit=101')).status).toBe(400);
  });
});

describe('GET /api/reviews/{userId}/mine', () => {
  it('answers the caller’s own review of the member, wherever it falls in the list, and null before they write one', async () => {
    const { member: pro } = await newProfile(sut);
    const bob = await newMember(sut);
    expect((await call(sut, bob.id, 'GET', `/api/reviews/${pro.id}/mine`)).body).toEqual({ review: null });

    const mine = await post(bob.id, { revieweeId: pro.id, rating: 2, comment: 'Late, but tidy' });
    // Newer reviews by others push Bob's off the first page of the list.
    for (let i = 0; i < 6; i++) await post((await newMember(sut)).id, { revieweeId: pro.id, rating: 5, comment: `Others ${i}` });
    expect((await call<Page>(sut, bob.id, 'GET', `/api/reviews/${pro.id}?limit=5`)).body.items.map((r) => r.reviewerId)).not.toContain(bob.id);

    const res = await call<{ review: Review }>(sut, bob.id, 'GET', `/api/reviews/${pro.id}/mine`);
    expect(res.status).toBe(200);
    expect(res.body.review).toEqual(mine.body);
    await post(bob.id, { revieweeId: pro.id, rating: 4, comment: 'Came back and fixed it' });
    expect((await call<{ review: Review }>(sut, bob.id, 'GET', `/api/reviews/${pro.id}/mine`)).body.review).toMatchObject({ id: mine.body.id, rating: 4, comment: 'Came back and fixed it' });
    // Only the caller's: the member reviewed by others sees none of their own.
    expect((await call(sut, pro.id, 'GET', `/api/reviews/${pro.id}/mine`)).body).toEqual({ review: null });
  });

  it('answers 401 to a visitor', async () => {
    const { member: pro } = await newProfile(sut);
    expect(await call(sut, null, 'GET', `/api/reviews/${pro.id}/mine`)).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });
});
