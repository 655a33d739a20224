import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, CreatedSurvey, CurrentUser, RewardBalance, RewardTransactionPage, Transaction, TransactionPage } from '@freemarket/contracts';
import { BrowserSession, createTestDatabase, freePort, runTag, signInWithDevProvider, testBusNames, testInfra, waitFor, type TestDatabase } from '@freemarket/testing';
import { startStack, type Stack } from '../../../scripts/stack.js';

const infra = testInfra();
const busNames = testBusNames(runTag());
let db: TestDatabase;
let stack: Stack;

beforeAll(async () => {
  db = await createTestDatabase(infra);
  const tag = runTag();
  stack = await startStack({
    port: await freePort(),
    databaseUrl: () => db.url,
    natsUrl: infra.natsUrl,
    redisUrl: infra.redisUrl,
    bus: busNames,
    redisKeyPrefix: `fm:test:${tag}:`,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

async function signedIn(email: string, firstName: string): Promise<{ browser: BrowserSession; me: CurrentUser }> {
  const browser = new BrowserSession(stack.url);
  await signInWithDevProvider(browser, { email, firstName, lastName: 'Tester' });
  const { body: me } = await browser.json<CurrentUser>('/api/auth/user');
  return { browser, me };
}

/** A state-changing call as the web client makes it: JSON, from the site's own origin. */
function send<T>(browser: BrowserSession, method: string, path: string, body: unknown): Promise<{ status: number; body: T }> {
  return browser.json<T>(path, { method, headers: { origin: stack.url, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('rewards and logged payments through the whole platform', () => {
  it('credits a review written in the directory, and never a logged payment; donations reach only a candidate', async () => {
    const ada = await signedIn('ada.rewards@example.com', 'Ada');
    const bob = await signedIn('bob.rewards@example.com', 'Bob');
    expect((await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance).toBe(0);
    const profile = await send<{ id: string }>(bob.browser, 'POST', '/api/profiles', { title: 'Plumber', isPoliticalCandidate: false });
    expect(profile.status).toBe(201);

    const review = await waitFor('the directory to know Bob', async () => {
      const res = await send(ada.browser, 'POST', '/api/reviews', { revieweeId: bob.me.id, rating: 5, comment: 'Fixed my sink in an hour.' });
      return res.status === 201 ? res : null;
    });
    expect(review.status).toBe(201);
    await waitFor('the review credited', async () => (await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 10);
    const activity = await ada.browser.json<RewardTransactionPage>('/api/rewards/transactions');
    expect(activity.body.items).toEqual([expect.objectContaining({ action: 'review', amount: 10, credited: true, relatedId: bob.me.id })]);

    const logged = await waitFor('commerce to know Bob', async () => {
      const res = await send<Transaction>(ada.browser, 'POST', '/api/transactions/manual', { amount: '40.00', sellerId: bob.me.id, type: 'purchase', paymentMethod: 'cash' });
      return res.status === 201 ? res : null;
    });
    expect(logged.body).toMatchObject({ source: 'manual', status: 'recorded', amount: '40.00', seller: { firstName: 'Bob' } });
    const donation = { amount: '25.00', sellerId: bob.me.id, type: 'donation', paymentMethod: 'check' };
    expect((await send(ada.browser, 'POST', '/api/transactions/manual', donation)).status).toBe(403);

    const running = await send(bob.browser, 'PUT', `/api/profiles/${profile.body.id}`, { title: 'Candidate for council', isPoliticalCandidate: true });
    expect(running.status).toBe(200);
    await waitFor('commerce to learn that Bob runs for office', async () => (await send(ada.browser, 'POST', '/api/transactions/manual', donation)).status === 201);

    const bobs = await bob.browser.json<TransactionPage>('/api/transactions?role=seller');
    expect(bobs.body.items.map((t) => [t.type, t.amount, t.buyer?.firstName])).toEqual([
      ['donation', '25.00', 'Ada'],
      ['purchase', '40.00', 'Ada'],
    ]);
    // Logged payments verify nothing, so they earn nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect((await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance).toBe(10);
  });

  it('answers 401 Unauthorized through the gateway without a session', async () => {
    const anonymous = new BrowserSession(stack.url);
    expect(await anonymous.json('/api/rewards/balance')).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect((await anonymous.json('/api/transactions')).status).toBe(401);
  });
});

describe('a survey answered through the whole platform', () => {
  async function answeredSurvey() {
    const ada = await signedIn(`ada.survey.${runTag()}@example.com`, 'Ada');
    const bob = await signedIn(`bob.survey.${runTag()}@example.com`, 'Bob');
    const asked = await waitFor('social to know Bob', async () => {
      const res = await send<Connection>(ada.browser, 'POST', '/api/connections', { addresseeId: bob.me.id });
      return res.status === 201 ? res : null;
    });
    expect((await send(bob.browser, 'PUT', `/api/connections/${asked.body.id}`, { status: 'accepted' })).status).toBe(200);
    const survey = await send<CreatedSurvey>(ada.browser, 'POST', '/api/surveys', { title: 'Market day', questions: [{ type: 'yes_no', question: 'Coming?' }] });
    const sent = await ada.browser.json(`/api/surveys/${survey.body.id}/send`, { method: 'POST', headers: { origin: stack.url } });
    expect(sent.body).toEqual({ count: 1 });
    const answered = await send(bob.browser, 'POST', `/api/surveys/${survey.body.id}/responses`, { answers: { [survey.body.questions[0]!.id]: 'yes' } });
    expect(answered.status).toBe(201);
    return { ada, bob, survey: survey.body };
  }

  const surveyCredits = async (member: { browser: BrowserSession }) =>
    (await member.browser.json<RewardTransactionPage>('/api/rewards/transactions')).body.items.filter((t) => t.action === 'survey_response');

  it('credits the responder +5 once, and the creator nothing', async () => {
    const { ada, bob, survey } = await answeredSurvey();
    await waitFor('the response credited', async () => (await bob.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 5);
    expect(await surveyCredits(bob)).toEqual([expect.objectContaining({ amount: 5, credited: true, relatedId: survey.id, description: 'Completed a survey' })]);
    expect((await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance).toBe(0);
  });

  it.runIf(infra.natsUrl)('credits nothing more when JetStream delivers the response event a second time', async () => {
    const { bob } = await answeredSurvey();
    await waitFor('the response credited', async () => (await bob.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 5);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const nc = await connect({ servers: infra.natsUrl! });
    try {
      const { rows } = await client.query<{ envelope: { id: string; type: string; data: { responderId: string } } }>(
        `select envelope from social.outbox where type = 'survey.response.created'`,
      );
      const event = rows.map((r) => r.envelope).find((e) => e.data.responderId === bob.me.id)!;
      // A new message id gets past JetStream's duplicate window, as a redelivery after a lost ack would.
      await jetstream(nc).publish(`${busNames.subjectPrefix}.${event.type}`, JSON.stringify(event), { msgID: randomUUID() });
      const marker = { ...event, id: randomUUID() };
      await jetstream(nc).publish(`${busNames.subjectPrefix}.${event.type}`, JSON.stringify(marker), { msgID: marker.id });
      await waitFor('rewards to take both deliveries', async () => (await client.query(`select 1 from rewards.processed_events where event_id = $1`, [marker.id])).rowCount === 1);
    } finally {
      await nc.close();
      await client.end();
    }
    expect((await bob.browser.json<RewardBalance>('/api/rewards/balance')).body.balance).toBe(5);
    expect((await surveyCredits(bob)).filter((t) => t.credited)).toHaveLength(1);
  });
});
