import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ErrorBody, Tutorial, TutorialPage } from '@freemarket/contracts';
import { waitFor } from '@freemarket/testing';
import { diyContent, outbox, skills } from '../src/db/schema/index.js';
import { call, seedMembers, startSocial, type Member, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
const trades = { categoryId: randomUUID(), categoryName: 'Trades' };
const plumbing = { skillId: randomUUID(), name: 'Plumbing', ...trades };
const welding = { skillId: randomUUID(), name: 'Welding', ...trades };
const pottery = { skillId: randomUUID(), name: 'Pottery', categoryId: randomUUID(), categoryName: 'Creative' };

beforeAll(async () => {
  sut = await startSocial();
  for (const skill of [plumbing, welding, pottery]) await sut.publish('skill.upserted', skill);
  await waitFor('the skills learned', async () => (await sut.service.runtime.db.select().from(skills)).length === 3);
});
afterAll(() => sut?.stop());

const fixATap = { title: 'Fix a dripping tap', description: 'Washers and cartridges', videoUrl: 'https://video.example.org/tap.mp4', duration: 12, isFree: true, price: '0', skillId: plumbing.skillId };
const publish = (by: Member, body: unknown = fixATap) => call<Tutorial & ErrorBody>(sut, by.id, 'POST', '/api/diy-content', body);
const inCategory = (by: Member, categoryId: string, query = '') => call<TutorialPage & ErrorBody>(sut, by.id, 'GET', `/api/diy-content/skill/${categoryId}${query}`);

describe('publishing a tutorial', () => {
  it('files it under its skill and category, free at 0, and announces it', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const created = await publish(ada!);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Fix a dripping tap',
      duration: 12,
      isFree: true,
      price: '0.00',
      viewCount: 0,
      creator: { id: ada!.id, firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
      skill: { id: plumbing.skillId, name: 'Plumbing', categoryId: trades.categoryId },
      isSaved: false,
      isEnrolled: false,
    });
    const events = await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'tutorial.created'));
    // Commerce keeps the title and price, to sell enrolments at that price.
    expect(events.map((e) => (e.envelope as { data: unknown }).data)).toContainEqual({ tutorialId: created.body.id, creatorId: ada!.id, title: 'Fix a dripping tap', price: '0.00', isFree: true });
  });

  it('keeps a paid tutorial’s price to the cent', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect((await publish(ada!, { ...fixATap, isFree: false, price: '19.5' })).body).toMatchObject({ isFree: false, price: '19.50' });
  });

  it.each([
    ['a javascript: video address', { ...fixATap, videoUrl: 'javascript:alert(1)' }, /^body\.videoUrl: /],
    ['a data: video address', { ...fixATap, videoUrl: 'data:text/html,hi' }, /^body\.videoUrl: /],
    ['a blank title', { ...fixATap, title: '  ' }, /^body\.title: /],
    ['a paid tutorial without a price', { ...fixATap, isFree: false, price: '0' }, 'body.price: must be at least 0.50 for a paid tutorial, the smallest card payment'],
    ['a paid tutorial without a video', { ...fixATap, isFree: false, price: '9.00', videoUrl: '' }, 'body.videoUrl: must be given for a paid tutorial: it is what members pay for'],
    ['a paid tutorial below the smallest card payment', { ...fixATap, isFree: false, price: '0.49' }, 'body.price: must be at least 0.50 for a paid tutorial, the smallest card payment'],
    ['a price with three decimals', { ...fixATap, isFree: false, price: '1.999' }, /^body\.price: /],
    ['a duration of minus five', { ...fixATap, duration: -5 }, /^body\.duration: /],
    ['a skill nobody knows', { ...fixATap, skillId: randomUUID() }, 'body.skillId: is not a skill FreeMarket knows'],
  ])('refuses %s with a 400, and stores nothing', async (_, body, message) => {
    const [ada] = await seedMembers(sut, 'Ada');
    const refused = await publish(ada!, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect(await sut.service.runtime.db.select().from(diyContent).where(eq(diyContent.creatorId, ada!.id))).toEqual([]);
  });
});

describe('finding tutorials', () => {
  it('lists a skill category’s tutorials newest first, by cursor, and a creator’s own', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const tap = await publish(ada!);
    const weld = await publish(bob!, { ...fixATap, title: 'First weld', skillId: welding.skillId });
    const pot = await publish(ada!, { ...fixATap, title: 'Centre the clay', skillId: pottery.skillId });

    const first = await inCategory(bob!, trades.categoryId, '?limit=1');
    expect(first.body.items.map((t) => t.id)).toEqual([weld.body.id]);
    const next = await inCategory(bob!, trades.categoryId, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(next.body.items.map((t) => t.id)).toEqual([tap.body.id]);
    expect((await inCategory(bob!, pottery.categoryId)).body.items.map((t) => t.id)).toContain(pot.body.id);
    expect((await inCategory(bob!, pottery.categoryId)).body.items.map((t) => t.id)).not.toContain(tap.body.id);

    const adas = await call<TutorialPage>(sut, bob!.id, 'GET', `/api/diy-content/creator/${ada!.id}`);
    expect(adas.body.items.map((t) => t.title)).toEqual(['Centre the clay', 'Fix a dripping tap']);
    expect((await inCategory(bob!, 'not-a-uuid')).status).toBe(400);
    expect((await inCategory(bob!, trades.categoryId, '?limit=51')).status).toBe(400);
  });
});

describe('learning', () => {
  it('counts one view per member however often they start a tutorial', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const { body: tutorial } = await publish(ada!);
    const start = (by: Member) => call<Tutorial & ErrorBody>(sut, by.id, 'POST', `/api/diy-content/${tutorial.id}/start`);
    expect((await start(bob!)).body.viewCount).toBe(1);
    expect((await start(bob!)).body.viewCount).toBe(1);
    expect((await start(cy!)).body.viewCount).toBe(2);
    expect((await call(sut, bob!.id, 'POST', `/api/diy-content/${randomUUID()}/start`)).status).toBe(404);
  });

  it('keeps a member’s saved tutorials, most recently saved first, until they unsave them', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body: one } = await publish(ada!, { ...fixATap, title: 'One' });
    const { body: two } = await publish(ada!, { ...fixATap, title: 'Two' });
    expect((await call<Tutorial>(sut, bob!.id, 'PUT', `/api/diy-content/${one.id}/saved`)).body.isSaved).toBe(true);
    await call(sut, bob!.id, 'PUT', `/api/diy-content/${two.id}/saved`);
    await call(sut, bob!.id, 'PUT', `/api/diy-content/${one.id}/saved`);
    const saved = async () => (await call<TutorialPage>(sut, bob!.id, 'GET', '/api/diy-content/saved/me')).body.items.map((t) => t.title);
    expect(await saved()).toEqual(['Two', 'One']);
    expect((await call<Tutorial>(sut, bob!.id, 'DELETE', `/api/diy-content/${two.id}/saved`)).body.isSaved).toBe(false);
    expect(await saved()).toEqual(['One']);
    expect((await call<TutorialPage>(sut, ada!.id, 'GET', '/api/diy-content/saved/me')).body.items).toEqual([]);
  });

  it('answers 401 to anyone not signed in', async () => {
    expect(await call(sut, null, 'GET', `/api/diy-content/skill/${trades.categoryId}`)).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect((await call(sut, null, 'POST', '/api/diy-content', fixATap)).status).toBe(401);
  });
});
