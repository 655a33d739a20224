import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ErrorBody, EventData, ExportPart, Tutorial, TutorialPage } from '@freemarket/contracts';
import { deleteMember, deliverLate, waitFor } from '@freemarket/testing';
import { skills, tutorialEnrolments, users } from '../src/db/schema/index.js';
import { call, seedMembers, startSocial, type Member, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
const plumbing = { skillId: randomUUID(), name: 'Plumbing', categoryId: randomUUID(), categoryName: 'Trades' };
const VIDEO = 'https://video.example.org/leaky-tap.mp4';

beforeAll(async () => {
  sut = await startSocial();
  await sut.publish('skill.upserted', plumbing);
  await waitFor('the skill learned', async () => (await sut.service.runtime.db.select().from(skills)).length === 1);
});
afterAll(() => sut?.stop());

const paidTutorial = { title: 'Fixing a Leaky Tap', description: 'Washers', videoUrl: VIDEO, duration: 12, isFree: false, price: '24.50', skillId: plumbing.skillId };

async function publish(by: Member, body: unknown = paidTutorial): Promise<Tutorial> {
  const created = await call<Tutorial>(sut, by.id, 'POST', '/api/diy-content', body);
  expect(created.status).toBe(201);
  return created.body;
}

const read = (by: Member, id: string) => call<Tutorial & ErrorBody>(sut, by.id, 'GET', `/api/diy-content/${id}`);
const start = (by: Member, id: string) => call<Tutorial & ErrorBody>(sut, by.id, 'POST', `/api/diy-content/${id}/start`);

/** Every way a tutorial leaves the service for `by`: the category's list, the creator's, the saved list, one tutorial and a save. */
async function everyAnswer(by: Member, tutorial: Tutorial): Promise<Pick<Tutorial, 'videoUrl' | 'isEnrolled'>[]> {
  const find = (page: TutorialPage) => page.items.find((t) => t.id === tutorial.id)!;
  const saved = await call<Tutorial>(sut, by.id, 'PUT', `/api/diy-content/${tutorial.id}/saved`);
  const answers = [
    find((await call<TutorialPage>(sut, by.id, 'GET', `/api/diy-content/skill/${plumbing.categoryId}?limit=50`)).body),
    find((await call<TutorialPage>(sut, by.id, 'GET', `/api/diy-content/creator/${tutorial.creatorId}?limit=50`)).body),
    find((await call<TutorialPage>(sut, by.id, 'GET', '/api/diy-content/saved/me?limit=50')).body),
    (await read(by, tutorial.id)).body,
    saved.body,
  ];
  return answers.map(({ videoUrl, isEnrolled }) => ({ videoUrl, isEnrolled }));
}

const payment = (buyer: Member, tutorial: Tutorial, amount = '24.50'): EventData<'payment.succeeded'> => ({
  transactionId: randomUUID(),
  buyerId: buyer.id,
  sellerId: tutorial.creatorId,
  amount,
  type: 'purchase',
  tutorialId: tutorial.id,
});
const refundOf = (paid: EventData<'payment.succeeded'>, amountRefunded: string): EventData<'payment.refunded'> => ({ ...paid, amountRefunded, succeededAnnounced: true });

/** Commerce's events, delivered now, once each handled. */
const deliver = (...events: Parameters<typeof deliverLate>[2]) => deliverLate(sut, new Date(), events);
const enrolmentsOf = (member: Member) => sut.service.runtime.db.select().from(tutorialEnrolments).where(eq(tutorialEnrolments.userId, member.id));

describe('a paid tutorial', () => {
  it('shows its video to nobody but its creator until they enrol, in every answer; a free one’s to everyone', async () => {
    const [ada, bob] = (await seedMembers(sut, 'Ada', 'Bob')) as [Member, Member];
    const tutorial = await publish(ada);
    expect(await everyAnswer(bob, tutorial)).toEqual(Array(5).fill({ videoUrl: null, isEnrolled: false }));
    expect(await everyAnswer(ada, tutorial)).toEqual(Array(5).fill({ videoUrl: VIDEO, isEnrolled: false }));
    const free = await publish(ada, { ...paidTutorial, isFree: true });
    expect(await everyAnswer(bob, free)).toEqual(Array(5).fill({ videoUrl: VIDEO, isEnrolled: false }));
  });

  it('refuses Start Learning to a member not enrolled (403) and counts no view; its creator may start it', async () => {
    const [ada, bob] = (await seedMembers(sut, 'Ada', 'Bob')) as [Member, Member];
    const tutorial = await publish(ada);
    expect(await start(bob, tutorial.id)).toMatchObject({ status: 403, body: { message: 'Enroll in this tutorial to start learning' } });
    expect((await read(bob, tutorial.id)).body.viewCount).toBe(0);
    expect(await start(ada, tutorial.id)).toMatchObject({ status: 200, body: { viewCount: 1, videoUrl: VIDEO } });
  });

  it('unlocks for its buyer once commerce announces the payment, once however often the event is delivered', async () => {
    const [ada, bob, cy] = (await seedMembers(sut, 'Ada', 'Bob', 'Cy')) as [Member, Member, Member];
    const tutorial = await publish(ada);
    const paid = payment(bob, tutorial);
    const first = await sut.publish('payment.succeeded', paid);
    await deliver({ type: 'payment.succeeded', data: paid });
    await sut.publish('payment.succeeded', paid, first.id);
    await waitFor('the enrolment recorded', async () => (await enrolmentsOf(bob)).length > 0);
    expect(await enrolmentsOf(bob)).toEqual([expect.objectContaining({ transactionId: paid.transactionId, tutorialId: tutorial.id, refundedAt: null })]);

    expect(await everyAnswer(bob, tutorial)).toEqual(Array(5).fill({ videoUrl: VIDEO, isEnrolled: true }));
    expect(await start(bob, tutorial.id)).toMatchObject({ status: 200, body: { viewCount: 1, isEnrolled: true, videoUrl: VIDEO } });
    // Nobody else's.
    expect(await everyAnswer(cy, tutorial)).toEqual(Array(5).fill({ videoUrl: null, isEnrolled: false }));
    expect((await start(cy, tutorial.id)).status).toBe(403);
  });

  it('locks again after a refund in full, not after a partial one', async () => {
    const [ada, bob] = (await seedMembers(sut, 'Ada', 'Bob')) as [Member, Member];
    const tutorial = await publish(ada);
    const paid = payment(bob, tutorial);
    await deliver({ type: 'payment.succeeded', data: paid });
    await deliver({ type: 'payment.refunded', data: refundOf(paid, '10.00') });
    expect((await read(bob, tutorial.id)).body).toMatchObject({ isEnrolled: true, videoUrl: VIDEO });
    await deliver({ type: 'payment.refunded', data: refundOf(paid, '24.50') });
    expect((await read(bob, tutorial.id)).body).toMatchObject({ isEnrolled: false, videoUrl: null });
    expect((await start(bob, tutorial.id)).status).toBe(403);
    // A new payment enrols them again.
    await deliver({ type: 'payment.succeeded', data: payment(bob, tutorial) });
    expect((await read(bob, tutorial.id)).body.isEnrolled).toBe(true);
  });

  it('enrols nobody through a payment whose full refund arrived before its success', async () => {
    const [ada, bob] = (await seedMembers(sut, 'Ada', 'Bob')) as [Member, Member];
    const tutorial = await publish(ada);
    const paid = payment(bob, tutorial);
    await deliver({ type: 'payment.refunded', data: refundOf(paid, '24.50') });
    await deliver({ type: 'payment.succeeded', data: paid });
    expect((await read(bob, tutorial.id)).body).toMatchObject({ isEnrolled: false, videoUrl: null });
  });

  it('takes payments for no tutorial, and for a tutorial that is gone, without enrolling anyone', async () => {
    const [ada, bob] = (await seedMembers(sut, 'Ada', 'Bob')) as [Member, Member];
    const tutorial = await publish(ada);
    const notForATutorial: EventData<'payment.succeeded'> = { transactionId: randomUUID(), buyerId: bob.id, sellerId: ada.id, amount: '24.50', type: 'purchase' };
    await deliver({ type: 'payment.succeeded', data: notForATutorial }, { type: 'payment.succeeded', data: { ...payment(bob, tutorial), tutorialId: randomUUID() } });
    expect(await enrolmentsOf(bob)).toEqual([]);
  });

  it('answers 404 for a tutorial that does not exist and 400 for an id that is none', async () => {
    const [bob] = (await seedMembers(sut, 'Bob')) as [Member];
    expect(await read(bob, randomUUID())).toMatchObject({ status: 404, body: { message: 'Tutorial not found' } });
    expect((await read(bob, 'not-a-uuid')).status).toBe(400);
  });
});

describe('a member’s enrolments', () => {
  it('are in their account export, go with their account, and a success from before the deletion, arriving late, brings none back', async () => {
    const [ada, bob] = (await seedMembers(sut, 'Ada', 'Bob')) as [Member, Member];
    const tutorial = await publish(ada);
    const before = new Date();
    const paid = payment(bob, tutorial);
    await deliver({ type: 'payment.succeeded', data: paid });
    const exported = (await (await fetch(`${sut.url}/internal/export`, { headers: await sut.as(bob.id) })).json()) as ExportPart;
    expect(exported.lists.tutorialEnrolments).toEqual([expect.objectContaining({ transactionId: paid.transactionId, tutorialId: tutorial.id, userId: bob.id })]);

    await deleteMember(sut, users, bob);
    expect(await enrolmentsOf(bob)).toEqual([]);
    await deliverLate(sut, before, [{ type: 'payment.succeeded', data: payment(bob, tutorial) }]);
    expect(await enrolmentsOf(bob)).toEqual([]);
  });

  it('go when the tutorial’s creator is deleted with their tutorials', async () => {
    const [ada, bob] = (await seedMembers(sut, 'Ada', 'Bob')) as [Member, Member];
    const tutorial = await publish(ada);
    await deliver({ type: 'payment.succeeded', data: payment(bob, tutorial) });
    expect(await enrolmentsOf(bob)).toHaveLength(1);
    await deleteMember(sut, users, ada);
    expect(await enrolmentsOf(bob)).toEqual([]);
  });
});
