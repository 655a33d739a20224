import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CommunityEvent,
  Connection,
  CreatedSurvey,
  CurrentUser,
  PaymentIntent,
  PaymentsConfig,
  Project,
  RewardBalance,
  RewardTransactionPage,
  Skill,
  SkillCategory,
  Transaction,
  TransactionPage,
  Tutorial,
} from '@freemarket/contracts';
import { BrowserSession, runTag, signInWithDevProvider, testInfra, waitFor } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { startTestStack, type TestStack } from '@freemarket/testing/stack';

const infra = testInfra();
/** deliverAgain reads social's outbox over a Postgres connection and publishes straight to JetStream. */
const redelivery = needs(['postgres', 'nats'], 'an event read from social’s outbox and delivered again through JetStream');
let stack: TestStack;
/** Lets a test deliver what only Stripe's dashboard makes (a refund), signed as Stripe signs. */
const DEV_WEBHOOK_SECRET = 'whsec_e2e_refunds';

beforeAll(async () => {
  stack = await startTestStack({ devPaymentsWebhookSecret: DEV_WEBHOOK_SECRET });
});
afterAll(async () => {
  await stack?.stop();
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

  redelivery.it('credits nothing more when JetStream delivers the response event a second time', async () => {
    const { bob } = await answeredSurvey();
    await waitFor('the response credited', async () => (await bob.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 5);
    await deliverAgain('survey.response.created', (data) => data.responderId === bob.me.id);
    expect((await bob.browser.json<RewardBalance>('/api/rewards/balance')).body.balance).toBe(5);
    expect((await surveyCredits(bob)).filter((t) => t.credited)).toHaveLength(1);
  });
});

/**
 * Publishes again, with a new message id, the social event its outbox holds for `match`, as a
 * redelivery after a lost ack would arrive; then one more copy under a new event id, and waits
 * until rewards has handled that one, so both have been through the consumer.
 */
async function deliverAgain(type: string, match: (data: Record<string, string>) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  const nc = await connect({ servers: infra.natsUrl! });
  try {
    const { rows } = await client.query<{ envelope: { id: string; type: string; data: Record<string, string> } }>(`select envelope from social.outbox where type = $1`, [type]);
    const event = rows.map((r) => r.envelope).find((e) => match(e.data));
    expect(event, `a ${type} event in social's outbox`).toBeDefined();
    const subject = `${stack.bus.subjectPrefix}.${type}`;
    await jetstream(nc).publish(subject, JSON.stringify(event), { msgID: randomUUID() });
    const marker = { ...event!, id: randomUUID() };
    await jetstream(nc).publish(subject, JSON.stringify(marker), { msgID: marker.id });
    await waitFor('rewards to take both deliveries', async () => (await client.query(`select 1 from rewards.processed_events where event_id = $1`, [marker.id])).rowCount === 1);
  } finally {
    await nc.close();
    await client.end();
  }
}

describe('events, projects and tutorials through the whole platform', () => {
  const balanceOf = async (member: { browser: BrowserSession }) => (await member.browser.json<RewardBalance>('/api/rewards/balance')).body.balance;
  const soon = () => new Date(Date.now() + 86_400_000).toISOString();
  const post = (browser: BrowserSession, path: string) => browser.json<unknown>(path, { method: 'POST', headers: { origin: stack.url } });

  async function plumbingSkill(member: { browser: BrowserSession }): Promise<string> {
    const categories = (await member.browser.json<SkillCategory[]>('/api/skill-categories')).body;
    const trades = categories.find((c) => c.name === 'Trades')!;
    const skills = (await member.browser.json<Skill[]>(`/api/skills/category/${trades.id}`)).body;
    return skills.find((s) => s.name === 'Plumbing')!.id;
  }

  async function earnEach() {
    const ada = await signedIn(`ada.social.${runTag()}@example.com`, 'Ada');
    const bob = await signedIn(`bob.social.${runTag()}@example.com`, 'Bob');
    const event = await send<CommunityEvent>(ada.browser, 'POST', '/api/events', { title: 'Repair café', eventDate: soon() });
    // A cancelled RSVP gives its points back (event-attendance-cancellations.test.ts); here the RSVP is only repeated.
    for (let i = 0; i < 2; i += 1) expect((await post(bob.browser, `/api/events/${event.body.id}/attend`)).status).toBe(200);

    const project = await send<Project>(ada.browser, 'POST', '/api/projects', { title: 'Tool library', description: 'Lend and borrow tools', category: 'resources' });
    for (const step of ['join', 'join', 'leave', 'join']) expect((await post(bob.browser, `/api/projects/${project.body.id}/${step}`)).status).toBe(200);

    const skillId = await waitFor('social to know the skills', async () => plumbingSkill(bob).catch(() => null));
    const tutorial = await waitFor('social to file the tutorial', async () => {
      const res = await send<Tutorial>(bob.browser, 'POST', '/api/diy-content', { title: 'Fix a tap', isFree: true, price: '0', skillId });
      return res.status === 201 ? res : null;
    });
    return { ada, bob, event: event.body, project: project.body, tutorial: tutorial.body };
  }

  it('credits an RSVP (+15), a project joined (+15) and a tutorial made (+25) once each, however often repeated', async () => {
    const { ada, bob, event, project, tutorial } = await earnEach();
    await waitFor('the three credits', async () => (await balanceOf(bob)) === 55);
    const activity = (await bob.browser.json<RewardTransactionPage>('/api/rewards/transactions')).body.items.filter((t) => t.credited);
    expect(activity.map((t) => [t.action, t.amount, t.relatedId]).sort()).toEqual([
      ['diy_content', 25, tutorial.id],
      ['event_attendance', 15, event.id],
      ['project_join', 15, project.id],
    ]);
    expect(await balanceOf(ada)).toBe(0);
  });

  redelivery.it('credits nothing more when JetStream delivers those events a second time', async () => {
    const { bob } = await earnEach();
    await waitFor('the three credits', async () => (await balanceOf(bob)) === 55);
    await deliverAgain('event.attended', (data) => data.userId === bob.me.id);
    await deliverAgain('project.joined', (data) => data.userId === bob.me.id);
    await deliverAgain('tutorial.created', (data) => data.creatorId === bob.me.id);
    expect(await balanceOf(bob)).toBe(55);
  });
});

describe('a card payment through the whole platform', () => {
  it('credits the payer one point per whole dollar once, through the development checkout and the signed webhook', async () => {
    const ada = await signedIn(`ada.pay.${runTag()}@example.com`, 'Ada');
    const bob = await signedIn(`bob.pay.${runTag()}@example.com`, 'Bob');
    expect((await ada.browser.json<PaymentsConfig>('/api/payments/config')).body).toEqual({ provider: 'development', publishableKey: null });
    const intent = await waitFor('commerce to know Bob', async () => {
      const res = await send<PaymentIntent>(ada.browser, 'POST', '/api/create-payment-intent', { amount: '42.75', sellerId: bob.me.id, type: 'purchase', description: 'Fence repair' });
      return res.status === 200 ? res.body : null;
    });
    const paid = await send<Transaction>(ada.browser, 'POST', '/api/payments/dev/confirm', { clientSecret: intent.clientSecret });
    expect(paid.body).toMatchObject({ id: intent.transactionId, status: 'succeeded', amount: '42.75' });
    // Confirming again delivers a new event for the same payment: it has no second effect.
    await send(ada.browser, 'POST', '/api/payments/dev/confirm', { clientSecret: intent.clientSecret });

    await waitFor('the payment credited', async () => (await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 42);
    const credits = (await ada.browser.json<RewardTransactionPage>('/api/rewards/transactions')).body.items.filter((t) => t.action === 'purchase' && t.credited);
    expect(credits).toEqual([expect.objectContaining({ amount: 42, relatedId: intent.transactionId })]);
    expect((await bob.browser.json<RewardBalance>('/api/rewards/balance')).body.balance).toBe(0);
    expect((await bob.browser.json<Transaction>(`/api/transactions/${intent.transactionId}`)).body.status).toBe('succeeded');

    // A partial refund ($20.50 of $42.75) through the gateway's webhook takes back 20 points, once.
    const refund = JSON.stringify({
      id: `evt_refund_${runTag()}`,
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: `ch_${runTag()}`, object: 'charge', amount: 4275, amount_refunded: 2050, refunded: false, payment_intent: `pi_dev_${intent.transactionId.replaceAll('-', '')}` } },
    });
    for (let i = 0; i < 2; i += 1) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: refund, secret: DEV_WEBHOOK_SECRET });
      const res = await fetch(`${stack.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: refund });
      expect(res.status).toBe(200);
    }
    await waitFor('the refund taken back', async () => (await ada.browser.json<RewardBalance>('/api/rewards/balance')).body.balance === 22);
    expect((await ada.browser.json<Transaction>(`/api/transactions/${intent.transactionId}`)).body).toMatchObject({ status: 'partially_refunded', amountRefunded: '20.50' });
    const takenBack = (await ada.browser.json<RewardTransactionPage>('/api/rewards/transactions')).body.items.filter((t) => t.type === 'spend');
    expect(takenBack).toEqual([expect.objectContaining({ action: 'purchase', amount: -20, relatedId: intent.transactionId })]);
  });
});
