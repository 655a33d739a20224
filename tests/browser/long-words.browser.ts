import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Project } from '@freemarket/contracts';
import { callApi, openTab, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

/** A pasted link with a tracking query: one word, with nowhere to break, far wider than a phone's screen. */
const LINK = `https://example.com/shop?ref=${'0123456789abcdef'.repeat(5)}&utm_source=newsletter&utm_campaign=spring`;

let bs: BrowserStack;
let phone: SignedInMember;
let projectId: string;
let categoryProjectId: string;
/** A custom project category at its longest (100 characters), one word. */
const CATEGORY = 'NeighbourhoodToolLibraryAndRepairCafe'.repeat(3).slice(0, 100);

/** How far the page reaches past the right edge of the window, in CSS pixels. */
async function overflowOf(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

beforeAll(async () => {
  bs = await startBrowserStack();
  phone = await signedInMember(bs, { email: 'lena.links@example.com', firstName: 'Lena', lastName: 'Links' }, { width: 375, height: 740 });
  const page = phone.page;
  expect((await callApi(page, 'POST', '/api/profiles', { title: 'Link collector' })).status).toBe(201);
  expect((await callApi(page, 'POST', '/api/posts', { content: `Look at this: ${LINK}` })).status).toBe(201);
  const project = await callApi<Project>(page, 'POST', '/api/projects', {
    title: 'Shared links',
    description: `Everything is at ${LINK}`,
    category: 'resources',
    customCategory: null,
    status: 'active',
    goals: LINK,
    targetDate: null,
    creatorId: phone.id,
  });
  expect(project.status).toBe(201);
  projectId = project.body.id;
  const categorised = await callApi<Project>(page, 'POST', '/api/projects', { title: 'Own category', description: 'A category of its own making.', category: 'other', customCategory: CATEGORY });
  expect(categorised.status).toBe(201);
  categoryProjectId = categorised.body.id;
  const eventDate = new Date(Date.now() + 86_400_000).toISOString();
  expect((await callApi(page, 'POST', '/api/events', { title: 'Link night', description: LINK, eventDate, location: LINK.slice(0, 150) })).status).toBe(201);
  expect((await callApi(page, 'POST', '/api/surveys', { title: 'Links', description: LINK, questions: [{ type: 'text', question: LINK.slice(0, 150) }] })).status).toBe(201);
});
afterAll(async () => {
  await bs?.stop();
});

describe('a long link in what members write', () => {
  it('wraps inside the page on a phone instead of widening it: feed, projects, a project and its custom category, events, surveys and the profile’s Events tab', async () => {
    const page = phone.page;
    const widths: Record<string, number> = {};
    for (const [path, ready] of [
      ['/feed', () => page.getByText('Look at this:', { exact: false }).waitFor()],
      ['/projects', () => page.getByText(CATEGORY).waitFor()],
      [`/projects/${projectId}`, () => page.getByRole('heading', { name: 'Shared links' }).waitFor()],
      [`/projects/${categoryProjectId}`, () => page.getByText(CATEGORY).waitFor()],
      ['/events', () => page.getByText('Link night').first().waitFor()],
      ['/surveys', () => page.getByText('Links', { exact: true }).waitFor()],
    ] as const) {
      await page.goto(path);
      await ready();
      widths[path] = await overflowOf(page);
    }
    await page.goto(`/profile/${phone.id}`);
    await openTab(page, 'Events');
    await page.getByText('Link night').first().waitFor();
    widths.profileEvents = await overflowOf(page);

    expect(widths).toEqual({ '/feed': 0, '/projects': 0, [`/projects/${projectId}`]: 0, [`/projects/${categoryProjectId}`]: 0, '/events': 0, '/surveys': 0, profileEvents: 0 });
  });
});
