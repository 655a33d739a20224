import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMember } from '@freemarket/testing';
import { eq } from 'drizzle-orm';
import type {
  Connection,
  CreatedSurvey,
  CreatedSurveyPage,
  CreateSurveyBody,
  ErrorBody,
  ReceivedSurveyPage,
  SendSurveyResult,
  SurveyResponse,
  SurveyResponsePage,
  SurveyResults,
} from '@freemarket/contracts';
import { outbox, surveyRecipients, surveys, users } from '../src/db/schema/index.js';
import { call, seedMembers, startSocial, type Member, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());

const neighbourhoodSurvey: CreateSurveyBody = {
  title: 'Saturday market',
  description: 'Help us plan the next one',
  questions: [
    { type: 'multiple_choice', question: 'Best time?', options: ['Morning', 'Noon', 'Evening'] },
    { type: 'rating', question: 'How was the last one?' },
    { type: 'yes_no', question: 'Would you run a stall?' },
    { type: 'text', question: 'Anything else?' },
  ],
};

async function connect(a: Member, b: Member): Promise<void> {
  const asked = await call<Connection>(sut, a.id, 'POST', '/api/connections', { addresseeId: b.id });
  expect((await call(sut, b.id, 'PUT', `/api/connections/${asked.body.id}`, { status: 'accepted' })).status).toBe(200);
}

const create = (by: Member, body: unknown = neighbourhoodSurvey) => call<CreatedSurvey & ErrorBody>(sut, by.id, 'POST', '/api/surveys', body);
const send = (by: Member, id: string) => call<SendSurveyResult & ErrorBody>(sut, by.id, 'POST', `/api/surveys/${id}/send`);
const inbox = (of: Member, query = '') => call<ReceivedSurveyPage>(sut, of.id, 'GET', `/api/surveys/received/me${query}`);
const respond = (by: Member, id: string, answers: unknown) => call<SurveyResponse & ErrorBody>(sut, by.id, 'POST', `/api/surveys/${id}/responses`, { answers });
const responses = (by: Member, id: string, query = '') => call<SurveyResponsePage & ErrorBody>(sut, by.id, 'GET', `/api/surveys/${id}/responses${query}`);
const results = (by: Member, id: string) => call<SurveyResults & ErrorBody>(sut, by.id, 'GET', `/api/surveys/${id}/results`);

/** A survey's kept recipient count beside its recipient rows counted afresh. */
async function keptAndCounted(surveyId: string): Promise<{ kept: number; counted: number }> {
  const db = sut.service.runtime.db;
  const [survey] = await db.select({ kept: surveys.recipientCount }).from(surveys).where(eq(surveys.id, surveyId));
  return { kept: survey!.kept, counted: await db.$count(surveyRecipients, eq(surveyRecipients.surveyId, surveyId)) };
}

/** Answers to `neighbourhoodSurvey` by question position. */
function answersFor(survey: CreatedSurvey, [time, rating, stall, note]: [string, string, string, string]): Record<string, string> {
  const [q1, q2, q3, q4] = survey.questions;
  return { [q1!.id]: time, [q2!.id]: rating, [q3!.id]: stall, [q4!.id]: note };
}

describe('creating a survey', () => {
  it('stores the questions with short random ids, options only on multiple choice', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const created = await create(ada!);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Saturday market', description: 'Help us plan the next one', isActive: true, recipientCount: 0, responseCount: 0 });
    const ids = created.body.questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(created.body.questions.map((q) => [q.type, q.options])).toEqual([
      ['multiple_choice', ['Morning', 'Noon', 'Evening']],
      ['rating', undefined],
      ['yes_no', undefined],
      ['text', undefined],
    ]);
    const mine = await call<CreatedSurveyPage>(sut, ada!.id, 'GET', '/api/surveys/created/me');
    expect(mine.body.items.map((s) => s.id)).toEqual([created.body.id]);
  });

  it.each([
    ['a blank title', { ...neighbourhoodSurvey, title: '   ' }, /^body\.title: /],
    ['a 201-character title', { ...neighbourhoodSurvey, title: 'x'.repeat(201) }, /^body\.title: /],
    ['a 2001-character description', { ...neighbourhoodSurvey, description: 'x'.repeat(2001) }, /^body\.description: /],
    ['no questions', { ...neighbourhoodSurvey, questions: [] }, /^body\.questions: /],
    ['51 questions', { ...neighbourhoodSurvey, questions: Array.from({ length: 51 }, () => ({ type: 'text', question: 'Why?' })) }, /^body\.questions: /],
    ['an unknown question type', { ...neighbourhoodSurvey, questions: [{ type: 'essay', question: 'Why?' }] }, /^body\.questions\.0/],
    ['a blank question', { ...neighbourhoodSurvey, questions: [{ type: 'text', question: ' ' }] }, /^body\.questions\.0\.question: /],
    ['one option', { ...neighbourhoodSurvey, questions: [{ type: 'multiple_choice', question: 'Pick', options: ['Only'] }] }, /^body\.questions\.0\.options: /],
    ['a blank option', { ...neighbourhoodSurvey, questions: [{ type: 'multiple_choice', question: 'Pick', options: ['A', ' '] }] }, /^body\.questions\.0\.options\.1: /],
    ['repeated options', { ...neighbourhoodSurvey, questions: [{ type: 'multiple_choice', question: 'Pick', options: ['Tea', 'tea'] }] }, /^body\.questions\.0\.options: /],
    ['21 options', { ...neighbourhoodSurvey, questions: [{ type: 'multiple_choice', question: 'Pick', options: Array.from({ length: 21 }, (_, i) => `o${i}`) }] }, /^body\.questions\.0\.options: /],
    ['an unpaired surrogate', { ...neighbourhoodSurvey, questions: [{ type: 'text', question: 'Why \ud800?' }] }, /^body\.questions\.0\.question: /],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_, body, message) => {
    const [ada] = await seedMembers(sut, 'Ada');
    const refused = await create(ada!, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect(await sut.service.runtime.db.select().from(surveys).where(eq(surveys.creatorId, ada!.id))).toEqual([]);
  });
});

describe('sending a survey', () => {
  it('reaches every member the creator is connected to at that moment, and a second send only new connections', async () => {
    const [ada, bob, cy, dee, eve] = await seedMembers(sut, 'Ada', 'Bob', 'Cy', 'Dee', 'Eve');
    await connect(ada!, bob!);
    await connect(cy!, ada!);
    await call(sut, ada!.id, 'POST', '/api/connections', { addresseeId: eve!.id }); // pending: not a connection yet
    const { body: survey } = await create(ada!);

    expect((await send(ada!, survey.id)).body).toEqual({ count: 2 });
    expect((await results(ada!, survey.id)).body.recipientCount).toBe(2);
    expect((await send(ada!, survey.id)).body).toEqual({ count: 0 });
    expect((await results(ada!, survey.id)).body.recipientCount).toBe(2);
    await connect(ada!, dee!);
    expect((await send(ada!, survey.id)).body).toEqual({ count: 1 });
    expect((await results(ada!, survey.id)).body.recipientCount).toBe(3);

    for (const member of [bob!, cy!, dee!]) {
      const received = (await inbox(member)).body.items;
      expect(received).toEqual([
        expect.objectContaining({ survey: expect.objectContaining({ id: survey.id, title: 'Saturday market' }), creator: { id: ada!.id, firstName: 'Ada', lastName: 'Tester', profileImageUrl: null }, status: 'pending', completedAt: null }),
      ]);
    }
    expect((await inbox(eve!)).body.items).toEqual([]);
    const [mine] = (await call<CreatedSurveyPage>(sut, ada!.id, 'GET', '/api/surveys/created/me')).body.items;
    expect(mine).toMatchObject({ recipientCount: 3, responseCount: 0 });
  });

  it('counts each recipient once when two sends run at the same moment', async () => {
    const [ada, ...others] = await seedMembers(sut, 'Ada', 'Bob', 'Cy', 'Dee');
    for (const other of others) await connect(ada!, other);
    const { body: survey } = await create(ada!);
    const both = await Promise.all([send(ada!, survey.id), send(ada!, survey.id)]);
    expect(both.map((r) => r.body.count).sort()).toEqual([0, 3]);
    expect((await results(ada!, survey.id)).body.recipientCount).toBe(3);
    expect(await keptAndCounted(survey.id)).toEqual({ kept: 3, counted: 3 });
  });

  it('stops counting a deleted recipient, in every survey they were sent, answered or not', async () => {
    const [ada, bob, cy, dee] = await seedMembers(sut, 'Ada', 'Bob', 'Cy', 'Dee');
    for (const other of [bob!, cy!, dee!]) await connect(ada!, other);
    const { body: first } = await create(ada!);
    const { body: second } = await create(ada!, { ...neighbourhoodSurvey, title: 'Winter market' });
    for (const survey of [first, second]) expect((await send(ada!, survey.id)).body).toEqual({ count: 3 });
    expect((await respond(cy!, first.id, answersFor(first, ['Noon', '3', 'yes', 'from Cy']))).status).toBe(201);

    await deleteMember(sut, users, bob!);
    for (const survey of [first, second]) {
      expect((await results(ada!, survey.id)).body.recipientCount).toBe(2);
      expect(await keptAndCounted(survey.id)).toEqual({ kept: 2, counted: 2 });
    }
    await deleteMember(sut, users, cy!);
    expect((await results(ada!, first.id)).body).toMatchObject({ recipientCount: 1, responseCount: 0 });
    const mine = (await call<CreatedSurveyPage>(sut, ada!.id, 'GET', '/api/surveys/created/me')).body.items;
    expect(mine.map((s) => [s.title, s.recipientCount])).toEqual([
      ['Winter market', 1],
      ['Saturday market', 1],
    ]);
  });

  it('is the creator’s alone: another member gets 404, and nobody is sent anything', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await connect(ada!, bob!);
    const { body: survey } = await create(ada!);
    expect(await send(bob!, survey.id)).toMatchObject({ status: 404, body: { message: 'Survey not found' } });
    expect((await send(ada!, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await send(ada!, 'nope')).status).toBe(400);
    expect((await inbox(bob!)).body.items).toEqual([]);
  });
});

describe('answering a survey', () => {
  it('takes one complete answer from a recipient, marks it completed, and announces it once', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await connect(ada!, bob!);
    const { body: survey } = await create(ada!);
    await send(ada!, survey.id);

    const answered = await respond(bob!, survey.id, answersFor(survey, ['Noon', '4', 'Yes', '  Bring music  ']));
    expect(answered.status).toBe(201);
    expect(answered.body.answers).toEqual(answersFor(survey, ['Noon', '4', 'yes', 'Bring music']));
    expect(answered.body.responder).toEqual({ id: bob!.id, firstName: 'Bob', lastName: 'Tester', profileImageUrl: null });

    expect((await inbox(bob!)).body.items[0]).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    expect((await inbox(bob!, '?status=pending')).body.items).toEqual([]);
    expect(await respond(bob!, survey.id, answersFor(survey, ['Noon', '4', 'yes', 'again']))).toMatchObject({ status: 409, body: { message: 'You have already answered this survey' } });

    const events = await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'survey.response.created'));
    expect(events.map((e) => (e.envelope as { data: unknown }).data).filter((d) => (d as { surveyId: string }).surveyId === survey.id)).toEqual([
      { responseId: answered.body.id, surveyId: survey.id, responderId: bob!.id },
    ]);
  });

  it('takes only one of two answers sent at once', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await connect(ada!, bob!);
    const { body: survey } = await create(ada!);
    await send(ada!, survey.id);
    const both = await Promise.all([1, 2].map(() => respond(bob!, survey.id, answersFor(survey, ['Morning', '5', 'no', 'hi']))));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    ['a missing answer', (s: CreatedSurvey) => ({ [s.questions[0]!.id]: 'Noon' }), /^body\.answers\.[\w-]+: is required/],
    ['an option the question does not have', (s: CreatedSurvey) => answersFor(s, ['Midnight', '3', 'yes', 'x']), /must be one of the question’s options/],
    ['a rating of 6', (s: CreatedSurvey) => answersFor(s, ['Noon', '6', 'yes', 'x']), /must be a whole number from 1 to 5/],
    ['a rating of 2.5', (s: CreatedSurvey) => answersFor(s, ['Noon', '2.5', 'yes', 'x']), /must be a whole number from 1 to 5/],
    ['maybe for yes or no', (s: CreatedSurvey) => answersFor(s, ['Noon', '3', 'maybe', 'x']), /must be yes or no/],
    ['a blank text answer', (s: CreatedSurvey) => answersFor(s, ['Noon', '3', 'yes', '  ']), /^body\.answers\.[\w-]+: must not be blank/],
    ['a text answer over 2,000 characters', (s: CreatedSurvey) => answersFor(s, ['Noon', '3', 'yes', 'x'.repeat(2001)]), /^body\.answers\./],
    ['an answer to no question', (s: CreatedSurvey) => ({ ...answersFor(s, ['Noon', '3', 'yes', 'x']), stray: 'hi' }), /^body\.answers\.stray: is not a question of this survey/],
    ['a number instead of text', (s: CreatedSurvey) => ({ ...answersFor(s, ['Noon', '3', 'yes', 'x']), [s.questions[1]!.id]: 3 }), /^body\.answers\./],
    ['an unpaired surrogate', (s: CreatedSurvey) => answersFor(s, ['Noon', '3', 'yes', 'bad \udc00']), /^body\.answers\./],
  ])('refuses %s with a 400, and the survey stays pending', async (_, answers, message) => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await connect(ada!, bob!);
    const { body: survey } = await create(ada!);
    await send(ada!, survey.id);
    const refused = await respond(bob!, survey.id, answers(survey));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect((await inbox(bob!)).body.items[0]).toMatchObject({ status: 'pending' });
  });

  it('is only for recipients: the creator, a stranger and a missing survey all get 404', async () => {
    const [ada, bob, eve] = await seedMembers(sut, 'Ada', 'Bob', 'Eve');
    await connect(ada!, bob!);
    const { body: survey } = await create(ada!);
    await send(ada!, survey.id);
    const answers = answersFor(survey, ['Noon', '3', 'yes', 'x']);
    expect((await respond(eve!, survey.id, answers)).status).toBe(404);
    expect((await respond(ada!, survey.id, answers)).status).toBe(404);
    expect((await respond(bob!, '00000000-0000-4000-8000-000000000000', answers)).status).toBe(404);
    expect((await call(sut, null, 'POST', `/api/surveys/${survey.id}/responses`, { answers })).status).toBe(401);
  });
});

describe('reading the answers', () => {
  it('shows the creator every responder’s name and answers, paged oldest first, and totals per question', async () => {
    const [ada, ...others] = await seedMembers(sut, 'Ada', 'Bob', 'Cy', 'Dee', 'Eve');
    for (const other of others) await connect(ada!, other);
    const { body: survey } = await create(ada!);
    await send(ada!, survey.id);
    const given: [string, string, string, string][] = [
      ['Noon', '5', 'yes', 'Music please'],
      ['Noon', '4', 'no', 'More shade'],
      ['Morning', '4', 'yes', 'Earlier start'],
    ];
    for (const [i, answers] of given.entries()) expect((await respond(others[i]!, survey.id, answersFor(survey, answers))).status).toBe(201);

    const first = await responses(ada!, survey.id, '?limit=2');
    expect(first.body.items.map((r) => r.responder.firstName)).toEqual(['Bob', 'Cy']);
    const rest = await responses(ada!, survey.id, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(rest.body).toMatchObject({ items: [expect.objectContaining({ responder: expect.objectContaining({ firstName: 'Dee' }), answers: answersFor(survey, given[2]!) })], nextCursor: null });

    const totals = (await results(ada!, survey.id)).body;
    expect(totals).toMatchObject({ surveyId: survey.id, recipientCount: 4, responseCount: 3 });
    const [time, rating, stall, note] = totals.questions;
    expect(time).toEqual({ id: survey.questions[0]!.id, question: 'Best time?', type: 'multiple_choice', answerCount: 3, options: [{ option: 'Morning', count: 1 }, { option: 'Noon', count: 2 }, { option: 'Evening', count: 0 }] });
    expect(rating).toMatchObject({ type: 'rating', answerCount: 3, mean: 4.33, distribution: [1, 2, 3, 4, 5].map((r) => ({ rating: r, count: r === 4 ? 2 : r === 5 ? 1 : 0 })) });
    expect(stall).toMatchObject({ type: 'yes_no', answerCount: 3, yes: 2, no: 1 });
    expect(note).toMatchObject({ type: 'text', answerCount: 3 });
    expect(note?.type === 'text' && note.latest.map((a) => a.answer)).toEqual(['Earlier start', 'More shade', 'Music please']);
  });

  it('gives a survey without answers empty totals', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const { body: survey } = await create(ada!);
    const totals = (await results(ada!, survey.id)).body;
    expect(totals.responseCount).toBe(0);
    expect(totals.questions[1]).toMatchObject({ type: 'rating', answerCount: 0, mean: null });
    expect((await responses(ada!, survey.id)).body).toEqual({ items: [], nextCursor: null });
  });

  it('keeps answers and totals from anyone but the creator (404), recipients included', async () => {
    const [ada, bob, eve] = await seedMembers(sut, 'Ada', 'Bob', 'Eve');
    await connect(ada!, bob!);
    const { body: survey } = await create(ada!);
    await send(ada!, survey.id);
    for (const member of [bob!, eve!]) {
      expect((await responses(member, survey.id)).status).toBe(404);
      expect((await results(member, survey.id)).status).toBe(404);
    }
    expect((await call(sut, null, 'GET', `/api/surveys/${survey.id}/results`)).status).toBe(401);
    expect((await responses(ada!, survey.id, '?limit=101')).status).toBe(400);
  });

  it('totals every response, two stored at the same moment included', async () => {
    const [ada, ...others] = await seedMembers(sut, 'Ada', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8');
    for (const other of others) await connect(ada!, other);
    const { body: survey } = await create(ada!);
    await send(ada!, survey.id);
    // Ratings 1, 2, 3, 4, 5, 1, 2, 3: a mean of 2.63.
    const given: [string, string, string, string][] = others.map((_, i) => [['Morning', 'Noon', 'Evening'][i % 3]!, String((i % 5) + 1), i % 4 === 0 ? 'no' : 'yes', `note ${i}`]);
    // Pairs answer at once: each pair's two transactions add to the same totals together.
    for (let i = 0; i < others.length; i += 2) {
      const pair = await Promise.all([i, i + 1].map((j) => respond(others[j]!, survey.id, answersFor(survey, given[j]!))));
      expect(pair.map((r) => r.status)).toEqual([201, 201]);
    }

    const totals = (await results(ada!, survey.id)).body;
    const count = (pick: (answers: [string, string, string, string]) => string, value: string) => given.filter((g) => pick(g) === value).length;
    expect(totals).toMatchObject({ recipientCount: 8, responseCount: 8 });
    expect(totals.questions).toEqual([
      expect.objectContaining({ answerCount: 8, options: ['Morning', 'Noon', 'Evening'].map((option) => ({ option, count: count((g) => g[0], option) })) }),
      expect.objectContaining({ answerCount: 8, mean: 2.63, distribution: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: count((g) => g[1], String(rating)) })) }),
      expect.objectContaining({ answerCount: 8, yes: count((g) => g[2], 'yes'), no: count((g) => g[2], 'no') }),
      expect.objectContaining({ type: 'text', answerCount: 8 }),
    ]);
    expect((await call<CreatedSurveyPage>(sut, ada!.id, 'GET', '/api/surveys/created/me')).body.items[0]).toMatchObject({ id: survey.id, responseCount: 8 });
  });

  it('stops counting a deleted member’s response, whose answers are erased', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    await connect(ada!, bob!);
    await connect(ada!, cy!);
    const { body: survey } = await create(ada!);
    await send(ada!, survey.id);
    expect((await respond(bob!, survey.id, answersFor(survey, ['Noon', '2', 'no', 'from Bob']))).status).toBe(201);
    expect((await respond(cy!, survey.id, answersFor(survey, ['Noon', '4', 'yes', 'from Cy']))).status).toBe(201);

    await deleteMember(sut, users, bob!);
    const totals = (await results(ada!, survey.id)).body;
    expect(totals).toMatchObject({ recipientCount: 1, responseCount: 1 });
    const [time, rating, stall, note] = totals.questions;
    expect(time).toMatchObject({ answerCount: 1, options: [{ option: 'Morning', count: 0 }, { option: 'Noon', count: 1 }, { option: 'Evening', count: 0 }] });
    expect(rating).toMatchObject({ answerCount: 1, mean: 4, distribution: [1, 2, 3, 4, 5].map((r) => ({ rating: r, count: r === 4 ? 1 : 0 })) });
    expect(stall).toMatchObject({ answerCount: 1, yes: 1, no: 0 });
    expect(note).toMatchObject({ answerCount: 1, latest: [expect.objectContaining({ answer: 'from Cy' })] });
    expect((await responses(ada!, survey.id)).body.items.map((r) => r.responder.firstName)).toEqual(['Cy']);
  });
});
