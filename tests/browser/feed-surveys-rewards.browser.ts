import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { REWARD_RULES, type Connection, type CurrentUser, type ProfileInput } from '@freemarket/contracts';
import { seriousViolations } from './accessibility.js';
import { callApi, newContext, screenshot, signIn, startBrowserStack, visibleText, type BrowserStack } from './harness.js';

const ada = { email: 'ada.feed@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const bob = { email: 'bob.feed@example.com', firstName: 'Bob', lastName: 'Builder' };

interface SignedIn {
  context: BrowserContext;
  page: Page;
  id: string;
}

let bs: BrowserStack;
let a: SignedIn;
let b: SignedIn;

async function member(identity: typeof ada): Promise<SignedIn> {
  const context = await newContext(bs);
  const page = await context.newPage();
  await signIn(page, identity);
  const me = await callApi<CurrentUser>(page, 'GET', '/api/auth/user');
  return { context, page, id: me.body.id };
}

/**
 * Waits for a toast with this title and text (the toast region holds one at a time). An open
 * dialog hides everything outside it from the accessibility tree, the toast region included.
 */
async function toastSays(page: Page, title: string, text: string): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await region.getByText(title, { exact: true }).waitFor();
  await region.getByText(text, { exact: true }).waitFor();
}

/** Marks the open document; a reload drops the mark, so finding it later shows the screen changed in place. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.stillOpen = 'yes';
  });
}

async function stillMarked(page: Page): Promise<boolean> {
  return (await page.locator('html[data-still-open="yes"]').count()) === 1;
}

beforeAll(async () => {
  bs = await startBrowserStack();
  a = await member(ada);
  b = await member(bob);
  // Ada and Bob are connected, as the Connections screen would leave them.
  const asked = await callApi<Connection>(a.page, 'POST', '/api/connections', { addresseeId: b.id });
  expect(asked.status).toBe(201);
  const accepted = await callApi(b.page, 'PUT', `/api/connections/${asked.body.id}`, { status: 'accepted' });
  expect(accepted.status).toBe(200);
});
afterAll(async () => {
  await bs?.stop();
});

describe('the community feed', () => {
  it('shows the empty feed, then Ada’s post with its line breaks, on her screen at once and on Bob’s open screen without a reload', async () => {
    await b.page.goto('/feed');
    await b.page.getByText('No posts yet. Be the first to share something!').waitFor();

    const page = a.page;
    await page.goto('/feed');
    await page.getByText('No posts yet. Be the first to share something!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const text = page.getByRole('textbox', { name: "What's on your mind?" });
    const post = page.getByRole('button', { name: 'Post', exact: true });
    expect(await post.isDisabled()).toBe(true);
    await text.fill('   \n  ');
    expect(await post.isDisabled()).toBe(true);
    await text.fill('Fresh bread at the corner market.\nOpen until 6pm.');
    await post.click();
    await toastSays(page, 'Posted!', 'Your post is now live in the feed.');
    await expect.poll(() => text.inputValue()).toBe('');

    const mine = page.getByTestId('post').filter({ hasText: 'Fresh bread at the corner market.' });
    await mine.waitFor();
    expect(await mine.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/profile/${a.id}`);
    expect(await mine.locator('p').innerText()).toBe('Fresh bread at the corner market.\nOpen until 6pm.');
    expect(await mine.locator('time').innerText()).toBe('just now');
    await screenshot(page, 'feed-desktop');

    // Bob's feed reads its first page again every 20 s.
    const seen = b.page.getByTestId('post').filter({ hasText: 'Fresh bread at the corner market.' });
    await seen.waitFor({ timeout: 30_000 });
    expect(await seen.getByRole('button', { name: 'Delete post' }).count()).toBe(0);
  });

  it('lets Ada delete her own post after confirming', async () => {
    const page = a.page;
    await page.getByRole('textbox', { name: "What's on your mind?" }).fill('A post to take back');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const doomed = page.getByTestId('post').filter({ hasText: 'A post to take back' });
    await doomed.waitFor();
    await doomed.getByRole('button', { name: 'Delete post' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await doomed.getByRole('button', { name: 'Delete post' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await doomed.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('post').filter({ hasText: 'Fresh bread at the corner market.' }).waitFor();
    expect(await page.getByTestId('post').filter({ hasText: 'A post to take back' }).count()).toBe(0);
  });

  it('takes a post Ada deletes off Bob’s open feed without a reload', async () => {
    await b.page.goto('/feed');
    await markDocument(b.page);
    const page = a.page;
    await page.getByRole('textbox', { name: "What's on your mind?" }).fill('Garage sale cancelled, sorry');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const theirs = b.page.getByTestId('post').filter({ hasText: 'Garage sale cancelled, sorry' });
    await theirs.waitFor({ timeout: 30_000 });

    const mine = page.getByTestId('post').filter({ hasText: 'Garage sale cancelled, sorry' });
    await mine.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await mine.waitFor({ state: 'detached' });

    // Bob's feed reads its first page again every 20 s, and the post is no longer in it.
    await theirs.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await b.page.getByTestId('post').filter({ hasText: 'Fresh bread at the corner market.' }).count()).toBe(1);
    expect(await stillMarked(b.page)).toBe(true);
  });

  it('broadcasts Ada’s message to her one connection, and Bob finds it in his messages', async () => {
    const page = a.page;
    await page.getByRole('tab', { name: 'Network Broadcast' }).click();
    const text = page.getByRole('textbox', { name: 'Message to your network' });
    await text.fill('Street party on Saturday, bring a chair!');
    await page.getByRole('button', { name: 'Broadcast', exact: true }).click();
    await toastSays(page, 'Broadcast sent!', 'Sent to 1 connection');
    await expect.poll(() => text.inputValue()).toBe('');

    await b.page.goto('/messages');
    await b.page.getByTestId('conversation').filter({ hasText: 'Ada Lovelace' }).click();
    await b.page.getByTestId('message').filter({ hasText: 'Street party on Saturday, bring a chair!' }).waitFor();
  });
});

describe('surveys and the reward for answering one', () => {
  const title = 'Neighbourhood market survey';

  it('shows Bob an empty Inbox, which he then leaves for the feed with the site still open', async () => {
    const page = b.page;
    await page.goto('/surveys');
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await page.getByText('No surveys to complete yet.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Feed', exact: true }).click();
    await page.getByTestId('post').first().waitFor();
    await markDocument(page);
  });

  it('lets Ada build a survey in the dialog and send it to her network', async () => {
    const page = a.page;
    await page.goto('/surveys');
    await page.getByText('No surveys yet. Create one to get started!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Survey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Survey' });
    await dialog.getByRole('button', { name: 'Create Survey' }).click();
    await toastSays(page, 'Missing information', 'Please provide a title and at least one question.');

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description (optional)').fill('Help us plan the Saturday market.');
    const question = dialog.getByLabel('Question', { exact: true });
    const type = dialog.getByLabel('Type');
    const add = dialog.getByRole('button', { name: 'Add question' });
    expect(await add.isDisabled()).toBe(true);

    await question.fill('What should we sell more of?');
    await add.click();
    await question.fill('Which day suits you?');
    await type.selectOption('multiple_choice');
    await dialog.getByLabel('Options (one per line)').fill('Saturday\n\n  Sunday  \nFriday evening\n');
    await add.click();
    await question.fill('How do you rate the market?');
    await type.selectOption('rating');
    await add.click();
    await question.fill('A question to remove');
    await type.selectOption('text');
    await add.click();
    await question.fill('Would you volunteer?');
    await type.selectOption('yes_no');
    await add.click();

    const list = dialog.getByTestId('survey-question-list');
    expect(await list.getByText('Multiple Choice: Saturday, Sunday, Friday evening').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove question 4: A question to remove' }).click();
    expect(await list.locator('li').allInnerTexts()).toEqual([
      expect.stringContaining('1. What should we sell more of?'),
      expect.stringContaining('2. Which day suits you?'),
      expect.stringContaining('3. How do you rate the market?'),
      expect.stringContaining('4. Would you volunteer?'),
    ]);
    await screenshot(page, 'surveys-create-dialog');
    await dialog.getByRole('button', { name: 'Create Survey' }).click();
    await toastSays(page, 'Survey created!', 'Your survey is ready to send.');
    await dialog.waitFor({ state: 'detached' });

    const item = page.getByTestId('created-survey').filter({ hasText: title });
    await item.waitFor();
    expect(await item.innerText()).toContain('4 questions · sent to 0 members · 0 responses');
    // The buttons name their survey for a screen reader; the visible text stays the spec's.
    const send = item.getByRole('button', { name: `Send to Network: ${title}`, exact: true });
    expect(await visibleText(send)).toBe('Send to Network');
    await item.getByRole('button', { name: `View Results of ${title}`, exact: true }).waitFor();
    // A fast double click sends once: the second click finds the first on its way.
    const sends: string[] = [];
    const countSend = (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/send')) sends.push(request.url());
    };
    page.on('request', countSend);
    await send.dblclick();
    await toastSays(page, 'Survey sent!', 'Sent to 1 connection');
    await item.getByText('sent to 1 member').waitFor();
    await page.waitForTimeout(500);
    page.off('request', countSend);
    expect(sends).toHaveLength(1);
    const region = page.getByRole('region', { name: /Notifications/, includeHidden: true });
    expect(await region.getByText('No one new to send to', { exact: true }).count()).toBe(0);
    // Sending again reaches only connections made since, and says so when there are none.
    await item.getByRole('button', { name: 'Send to Network' }).click();
    await toastSays(page, 'No one new to send to', 'Every connection you have has already received this survey.');
    expect(await item.innerText()).toContain('sent to 1 member');

    // The form starts empty the next time.
    await page.getByRole('button', { name: 'Create Survey' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('');
    expect(await dialog.getByText('Questions (0)').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('brings Ada’s survey to Bob’s open screen: his bell counts it and leads to his Inbox, which lists it, without a reload', async () => {
    const page = b.page;
    const bell = page.getByTestId('notifications');
    // The count is read again every 20 s.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 30_000 }).toBe('Notifications: 1 survey to answer');
    expect(page.url()).toMatch(/\/feed$/);

    await bell.click();
    await page.waitForURL((url) => url.pathname === '/surveys' && url.searchParams.get('tab') === 'inbox');
    expect(await page.getByRole('tab', { name: 'Inbox' }).getAttribute('aria-selected')).toBe('true');
    const item = page.getByTestId('received-survey').filter({ hasText: title });
    await item.waitFor({ timeout: 10_000 });
    expect(await item.innerText()).toContain('Pending');
    expect(await stillMarked(page)).toBe(true);
  });

  it('counts the survey in Bob’s bell and lets him answer it, but only with every question answered', async () => {
    const page = b.page;
    await page.goto('/surveys');
    const bell = page.getByTestId('notifications');
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toContain('1 survey to answer');

    await page.getByRole('tab', { name: 'Inbox' }).click();
    const item = page.getByTestId('received-survey').filter({ hasText: title });
    await item.waitFor();
    expect(await item.innerText()).toContain('From Ada Lovelace');
    expect(await item.innerText()).toContain('Pending');
    expect(await seriousViolations(page)).toEqual([]);

    const take = item.getByRole('button', { name: `Take Survey: ${title}`, exact: true });
    expect(await visibleText(take)).toBe('Take Survey');
    await take.click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByLabel('1. What should we sell more of?').fill('More fresh fish\nand cheese');
    await dialog.getByRole('button', { name: 'Submit Response' }).click();
    await toastSays(page, 'Incomplete', 'Please answer all questions.');

    await dialog.getByRole('group', { name: '2. Which day suits you?' }).getByLabel('Sunday').check();
    await dialog.getByRole('group', { name: /^3\. How do you rate the market\?/ }).getByLabel('4').check();
    await dialog.getByRole('group', { name: '4. Would you volunteer?' }).getByLabel('Yes').check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'surveys-take-dialog');
    await dialog.getByRole('button', { name: 'Submit Response' }).click();
    await toastSays(page, 'Thank you!', 'Your response has been submitted.');
    await dialog.waitFor({ state: 'detached' });
    await item.getByText('Completed').waitFor();
    expect(await item.getByRole('button', { name: 'Take Survey' }).count()).toBe(0);
    await expect.poll(() => bell.getAttribute('aria-label')).not.toContain('1 survey to answer');
  });

  it('shows Ada the totals, a chart per question and Bob’s answers', async () => {
    const page = a.page;
    await page.goto('/surveys');
    const item = page.getByTestId('created-survey').filter({ hasText: title });
    await item.getByText('1 response', { exact: false }).waitFor();
    await item.getByRole('button', { name: 'View Results' }).click();
    const dialog = page.getByRole('dialog', { name: `Results: ${title}` });
    await dialog.getByTestId('survey-answers').first().waitFor();
    expect(await dialog.getByTestId('total-responses').innerText()).toMatch(/^Total Responses\s+1$/);

    await dialog.getByRole('img', { name: 'Sunday: 1 of 1 (100%)' }).waitFor();
    await dialog.getByRole('img', { name: 'Saturday: 0 of 1 (0%)' }).waitFor();
    await dialog.getByRole('img', { name: 'Rating 4: 1 of 1 (100%)' }).waitFor();
    await dialog.getByRole('img', { name: 'Yes: 1 of 1 (100%)' }).waitFor();
    expect(await dialog.getByText('Average rating: 4.00 of 5').isVisible()).toBe(true);

    const answers = await dialog.getByTestId('survey-answers').allInnerTexts();
    expect(answers).toEqual(['Bob Builder: More fresh fish\nand cheese', 'Bob Builder: Sunday', 'Bob Builder: 4', 'Bob Builder: Yes']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'surveys-results-dialog');
  });

  it('shows Bob the +5 on the rewards page, how to earn points and the disabled redeem button', async () => {
    const page = b.page;
    await page.goto('/rewards');
    // The credit arrives through the rewards service's consumer a moment after the answer.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('rewards-page-balance').innerText();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/^5 points$/);
    const activity = page.getByTestId('reward-transaction').filter({ hasText: 'Completed a survey' });
    expect(await activity.innerText()).toContain('+5');

    const rules = page.getByTestId('earn-rules');
    for (const [action, rule] of Object.entries(REWARD_RULES)) {
      const row = rules.locator('li').filter({ hasText: rule.label });
      expect(await row.innerText()).toContain(action === 'purchase' ? `+${rule.points} per $1` : `+${rule.points} points`);
      if (rule.note) expect(await row.innerText()).toContain(rule.note);
    }
    expect(await rules.locator('li').count()).toBe(Object.keys(REWARD_RULES).length);

    expect(await page.getByRole('button', { name: 'Coming Soon - Redeem Points' }).isDisabled()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Redeem Your Points' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'rewards-desktop');
  });
});

describe('the shared header', () => {
  it('lists the spec’s navigation in order and, once Ada has a profile, a button with her name to her profile', async () => {
    const page = a.page;
    await page.goto('/feed');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await nav.waitFor();
    const labels = await nav.getByRole('link').allInnerTexts();
    expect(labels.slice(0, 8)).toEqual(['Explore Map', 'Feed', 'Surveys', 'My Network', 'Messages', 'Events', 'Learn', 'Projects']);
    expect(await page.getByTestId('my-profile-link').count()).toBe(0);

    const profile: ProfileInput = { title: 'Baker', bio: 'Sourdough every morning.' };
    expect((await callApi(page, 'POST', '/api/profiles', profile)).status).toBe(201);
    await page.reload();
    const link = page.getByTestId('my-profile-link');
    await link.waitFor();
    expect(await link.innerText()).toBe('Ada Lovelace');
    expect(await link.getAttribute('href')).toBe(`/profile/${a.id}`);
    await screenshot(page, 'header-with-profile');
  });
});
