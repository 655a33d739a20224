import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BusinessReferral, BusinessSearchResult, Envelope, FavoriteBusiness, Legislation, Testimonial } from '@freemarket/contracts';
import { outbox, proposedLegislation } from '../src/db/schema/index.js';
import { call, newMember, newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

type Page<T> = { items: T[]; nextCursor: string | null };

describe('testimonials', () => {
  it('lets a member write one about someone else, newest first, removable by author or subject', async () => {
    const { member: pro } = await newProfile(sut);
    const [ada, bob] = [await newMember(sut, { firstName: 'Ada', lastName: 'L' }), await newMember(sut)];
    const first = await call<Testimonial>(sut, ada.id, 'POST', '/api/testimonials', { profileUserId: pro.id, content: 'Taught me to weld', relationship: 'Apprentice' });
    expect(first).toMatchObject({ status: 201, body: { content: 'Taught me to weld', relationship: 'Apprentice', author: { firstName: 'Ada' } } });
    const second = await call<Testimonial>(sut, bob.id, 'POST', '/api/testimonials', { profileUserId: pro.id, content: 'Honest and kind' });
    expect((await call<Page<Testimonial>>(sut, bob.id, 'GET', `/api/testimonials/${pro.id}`)).body.items.map((t) => t.id)).toEqual([second.body.id, first.body.id]);
    expect((await call(sut, ada.id, 'POST', '/api/testimonials', { profileUserId: pro.id, content: 'Again' })).status).toBe(409);
    expect((await call(sut, bob.id, 'DELETE', `/api/testimonials/${first.body.id}`)).status).toBe(403);
    expect((await call(sut, pro.id, 'DELETE', `/api/testimonials/${first.body.id}`)).status).toBe(204);
    expect((await call(sut, bob.id, 'DELETE', `/api/testimonials/${second.body.id}`)).status).toBe(204);
    expect((await call<Page<Testimonial>>(sut, bob.id, 'GET', `/api/testimonials/${pro.id}`)).body.items).toEqual([]);
  });

  it('refuses one about oneself (403), about a member without a profile (404), and blank content (400)', async () => {
    const { member } = await newProfile(sut);
    expect((await call(sut, member.id, 'POST', '/api/testimonials', { profileUserId: member.id, content: 'Me' })).status).toBe(403);
    expect((await call(sut, member.id, 'POST', '/api/testimonials', { profileUserId: 'dev-none', content: 'Hi' })).status).toBe(404);
    const blank = await call<{ message: string }>(sut, member.id, 'POST', '/api/testimonials', { profileUserId: 'dev-x', content: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('body.content');
    expect((await call(sut, member.id, 'POST', '/api/testimonials', { profileUserId: 'dev-x', content: 'ok', relationship: 'x'.repeat(101) })).status).toBe(400);
  });

  it('shows testimonials to others only when the section is public', async () => {
    const { member } = await newProfile(sut, { testimonialsIsPublic: false });
    const other = await newMember(sut);
    await call(sut, other.id, 'POST', '/api/testimonials', { profileUserId: member.id, content: 'Private praise' });
    expect(await call(sut, other.id, 'GET', `/api/testimonials/${member.id}`)).toMatchObject({ status: 403, body: { message: 'This member keeps their testimonials private' } });
    expect(await call(sut, other.id, 'GET', '/api/testimonials/dev-nobody')).toMatchObject({ status: 404, body: { message: 'Profile not found' } });
    expect((await call<Page<Testimonial>>(sut, member.id, 'GET', `/api/testimonials/${member.id}`)).body.items).toHaveLength(1);
  });
});

describe('favorite businesses and business search', () => {
  it('finds service providers by business name or member name (at least 3 characters), leaving out favorites and oneself', async () => {
    const me = await newProfile(sut, { isServiceProvider: true, businessName: 'Favoro Bikes' });
    const shop = await newProfile(sut, { isServiceProvider: true, businessName: 'Favoro Bakery', contactInfoIsPublic: false }, { firstName: 'Flo', lastName: 'Baker' });
    const named = await newProfile(sut, { isServiceProvider: true, title: 'Electrician' }, { firstName: 'Favoro', lastName: 'Jones' });
    await newProfile(sut, { isServiceProvider: false, businessName: 'Favoro Hobby' });
    const found = (await call<Page<BusinessSearchResult>>(sut, me.member.id, 'GET', '/api/profiles/search/favoro')).body.items;
    expect(found.map((r) => r.userId).sort()).toEqual([shop.member.id, named.member.id].sort());
    expect(found.find((r) => r.userId === shop.member.id)).toMatchObject({ fullName: 'Flo Baker', businessName: 'Favoro Bakery', email: null });

    const fav = await call<FavoriteBusiness>(sut, me.member.id, 'POST', '/api/favorite-businesses', { businessUserId: shop.member.id });
    expect(fav).toMatchObject({ status: 201, body: { businessUserId: shop.member.id, business: { fullName: 'Flo Baker', businessName: 'Favoro Bakery', email: null } } });
    const after = (await call<Page<BusinessSearchResult>>(sut, me.member.id, 'GET', '/api/profiles/search/favoro')).body.items;
    expect(after.map((r) => r.userId)).toEqual([named.member.id]);
    expect((await call(sut, me.member.id, 'GET', '/api/profiles/search/fa')).status).toBe(400);
  });

  it('lists, refuses duplicates (409), oneself (403), unknown businesses (404), and removes only one’s own', async () => {
    const me = await newMember(sut);
    const { member: shop } = await newProfile(sut, { isServiceProvider: true, businessName: 'Corner Shop' });
    const fav = await call<FavoriteBusiness>(sut, me.id, 'POST', '/api/favorite-businesses', { businessUserId: shop.id });
    expect((await call(sut, me.id, 'POST', '/api/favorite-businesses', { businessUserId: shop.id })).status).toBe(409);
    expect((await call(sut, shop.id, 'POST', '/api/favorite-businesses', { businessUserId: shop.id })).status).toBe(403);
    expect((await call(sut, me.id, 'POST', '/api/favorite-businesses', { businessUserId: 'dev-nowhere' })).status).toBe(404);
    expect((await call<Page<FavoriteBusiness>>(sut, me.id, 'GET', `/api/favorite-businesses/${me.id}`)).body.items.map((f) => f.id)).toEqual([fav.body.id]);
    expect((await call(sut, shop.id, 'DELETE', `/api/favorite-businesses/${fav.body.id}`)).status).toBe(403);
    expect((await call(sut, me.id, 'DELETE', `/api/favorite-businesses/${fav.body.id}`)).status).toBe(204);
    expect((await call(sut, me.id, 'DELETE', `/api/favorite-businesses/${fav.body.id}`)).status).toBe(404);
  });

  it('shows a member’s favorites to others only when their personal interests are public', async () => {
    const { member } = await newProfile(sut, { personalInterestsIsPublic: false });
    const other = await newMember(sut);
    expect(await call(sut, other.id, 'GET', `/api/favorite-businesses/${member.id}`)).toMatchObject({ status: 403, body: { message: 'This member keeps their favorite businesses private' } });
    expect((await call(sut, member.id, 'GET', `/api/favorite-businesses/${member.id}`)).status).toBe(200);
  });
});

describe('business referrals', () => {
  it('records a referral, announces referral.created for the rewards service, and refuses the same business twice', async () => {
    const me = await newMember(sut);
    const res = await call<BusinessReferral>(sut, me.id, 'POST', '/api/business-referrals', { businessName: 'Tartine Bakery', contactInfo: 'hello@tartine.example', reason: 'Best bread' });
    expect(res).toMatchObject({ status: 201, body: { businessName: 'Tartine Bakery', contactInfo: 'hello@tartine.example', reason: 'Best bread', referrerId: me.id } });
    const events = (await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'referral.created'))).map((r) => (r.envelope as Envelope<'referral.created'>).data);
    expect(events).toContainEqual({ referralId: res.body.id, referrerId: me.id, businessName: 'Tartine Bakery' });
    expect((await call(sut, me.id, 'POST', '/api/business-referrals', { businessName: 'tartine bakery' })).status).toBe(409);
    expect((await call<Page<BusinessReferral>>(sut, me.id, 'GET', '/api/business-referrals')).body.items.map((r) => r.id)).toEqual([res.body.id]);
  });

  it('answers 400 without a business name or with an over-long one', async () => {
    const me = await newMember(sut);
    for (const body of [{ contactInfo: 'x' }, { businessName: '  ' }, { businessName: 'x'.repeat(201) }]) {
      const res = await call<{ message: string }>(sut, me.id, 'POST', '/api/business-referrals', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('body.businessName');
    }
  });
});

describe('proposed legislation', () => {
  it('lets a political candidate create, update and delete their own, and nobody else', async () => {
    const { member: candidate } = await newProfile(sut, { isPoliticalCandidate: true });
    const other = await newMember(sut);
    const made = await call<Legislation>(sut, candidate.id, 'POST', '/api/proposed-legislation', { title: 'Bike Lanes Act', description: 'More lanes', documentUrls: ['https://example.com/bill.pdf'] });
    expect(made).toMatchObject({ status: 201, body: { title: 'Bike Lanes Act', documentUrls: ['https://example.com/bill.pdf'] } });
    expect((await call(sut, other.id, 'PUT', `/api/proposed-legislation/${made.body.id}`, { title: 'Car Lanes Act' })).status).toBe(403);
    expect((await call(sut, other.id, 'DELETE', `/api/proposed-legislation/${made.body.id}`)).status).toBe(403);
    const updated = await call<Legislation>(sut, candidate.id, 'PUT', `/api/proposed-legislation/${made.body.id}`, { title: 'Bike Lanes Act 2', documentUrls: [] });
    expect(updated).toMatchObject({ status: 200, body: { title: 'Bike Lanes Act 2', documentUrls: [], description: null } });
    expect((await call<Page<Legislation>>(sut, other.id, 'GET', `/api/proposed-legislation/${candidate.id}`)).body.items).toHaveLength(1);
    expect((await call(sut, candidate.id, 'DELETE', `/api/proposed-legislation/${made.body.id}`)).status).toBe(204);
    expect((await call(sut, candidate.id, 'DELETE', `/api/proposed-legislation/${made.body.id}`)).status).toBe(404);
  });

  it('refuses members who are not candidates (403) and bad input (400), writing nothing', async () => {
    const { member } = await newProfile(sut, { isPoliticalCandidate: false });
    expect((await call(sut, member.id, 'POST', '/api/proposed-legislation', { title: 'Law' })).status).toBe(403);
    const { member: candidate } = await newProfile(sut, { isPoliticalCandidate: true });
    for (const [body, field] of [
      [{ title: '' }, 'body.title'],
      [{ title: 'x'.repeat(201) }, 'body.title'],
      [{ title: 'Law', documentUrls: ['javascript:alert(1)'] }, 'body.documentUrls.0'],
      [{ title: 'Law', documentUrls: 'https://example.com' }, 'body.documentUrls'],
    ] as const) {
      const res = await call<{ message: string }>(sut, candidate.id, 'POST', '/api/proposed-legislation', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect((await call(sut, candidate.id, 'PUT', '/api/proposed-legislation/not-a-uuid', { title: 'Law' })).status).toBe(400);
    expect(await sut.service.runtime.db.select().from(proposedLegislation).where(eq(proposedLegislation.userId, candidate.id))).toHaveLength(0);
  });

  it('shows a candidate’s legislation to others only when political info is public', async () => {
    const { member } = await newProfile(sut, { isPoliticalCandidate: true, politicalInfoIsPublic: false });
    await call(sut, member.id, 'POST', '/api/proposed-legislation', { title: 'Quiet Act' });
    const other = await newMember(sut);
    expect((await call(sut, other.id, 'GET', `/api/proposed-legislation/${member.id}`)).status).toBe(404);
    expect((await call<Page<Legislation>>(sut, member.id, 'GET', `/api/proposed-legislation/${member.id}`)).body.items).toHaveLength(1);
  });
});
