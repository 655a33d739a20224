import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Survey } from '@freemarket/contracts';
import { callApi, signedInMember, startBrowserStack, type BrowserStack, type SignedInMember } from './harness.js';

let bs: BrowserStack;
let ada: SignedInMember;

/** The toast region holds one toast at a time; an open dialog hides it from the accessibility tree. */
async function toastSays(page: Page, title: string, text: string): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/, includeHidden: true });
  await region.getByText(title, { exact: true }).waitFor();
  await region.getByText(text, { exact: true }).waitFor();
}

async function createdSurveys(page: Page): Promise<Survey[]> {
  return (await callApi<{ items: Survey[] }>(page, 'GET', '/api/surveys/created/me')).body.items;
}

beforeAll(async () => {
  bs = await startBrowserStack();
  ada = await signedInMember(bs, { email: 'ada.drafts@example.com', firstName: 'Ada', lastName: 'Drafts' });
});
afterAll(async () => {
  await bs?.stop();
});

describe('the Create Survey dialog with a question typed but not added', () => {
  it('creates the survey with the typed question as the last one', async () => {
    const page = ada.page;
    await page.goto('/surveys');
    await page.getByRole('button', { name: 'Create Survey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Survey' });
    await dialog.getByLabel('Title').fill('Street party');
    await dialog.getByLabel('Question', { exact: true }).fill('Which Saturday suits you?');
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await dialog.getByLabel('Question', { exact: true }).fill('Will you bring food?');
    await dialog.getByLabel('Type').selectOption('yes_no');
    await dialog.getByRole('button', { name: 'Create Survey' }).click();

    await toastSays(page, 'Survey created!', 'Your survey is ready to send.');
    await dialog.waitFor({ state: 'hidden' });
    const [survey] = await createdSurveys(page);
    expect(survey?.title).toBe('Street party');
    expect(survey?.questions.map((q) => [q.type, q.question])).toEqual([
      ['text', 'Which Saturday suits you?'],
      ['yes_no', 'Will you bring food?'],
    ]);
  });

  it('keeps the dialog open and says what is missing when the typed question is not finished', async () => {
    const page = ada.page;
    const before = (await createdSurveys(page)).length;
    await page.getByRole('button', { name: 'Create Survey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Survey' });
    await dialog.getByLabel('Title').fill('Fruit');
    await dialog.getByLabel('Question', { exact: true }).fill('Favourite fruit?');
    await dialog.getByLabel('Type').selectOption('multiple_choice');
    await dialog.getByLabel('Options (one per line)').fill('Apple');
    await dialog.getByRole('button', { name: 'Create Survey' }).click();

    await toastSays(page, 'Question not added', 'Multiple choice needs at least 2 options, one per line.');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Question', { exact: true }).inputValue()).toBe('Favourite fruit?');
    expect((await createdSurveys(page)).length).toBe(before);
  });
});

describe('the Create Survey dialog with options the server would take for one another', () => {
  it('names the option that repeats another, ignoring case and spacing as the server does', async () => {
    const page = ada.page;
    await page.goto('/surveys');
    await page.getByRole('button', { name: 'Create Survey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Survey' });
    await dialog.getByLabel('Question', { exact: true }).fill('When shall we meet?');
    await dialog.getByLabel('Type').selectOption('multiple_choice');
    await dialog.getByLabel('Options (one per line)').fill('Tea  time\nLunch\ntea time');

    const problem = dialog.locator('#survey-draft-problem');
    await expect.poll(() => problem.textContent()).toBe("Each option must be different: 'tea time' repeats 'Tea  time'.");
    expect(await dialog.getByRole('button', { name: 'Add question' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('titles a refusal ‘Failed to create survey.’ and gives the server’s reason, naming the field in words', async () => {
    const page = ada.page;
    const before = (await createdSurveys(page)).length;
    await page.getByRole('button', { name: 'Create Survey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Survey' });
    await dialog.getByLabel('Title').fill('Meeting time');
    await dialog.getByLabel('Question', { exact: true }).fill('When shall we meet?');
    await dialog.getByLabel('Type').selectOption('multiple_choice');
    await dialog.getByLabel('Options (one per line)').fill('Tea time\nLunch');

    // A request the builder no longer sends (from an older tab, say): the server refuses it.
    await page.route('**/api/surveys', async (route) => {
      const body = route.request().postDataJSON() as { questions: { options?: string[] }[] };
      const [question] = body.questions;
      if (question) question.options = ['Tea  time', 'tea time'];
      await route.continue({ postData: JSON.stringify(body) });
    });
    try {
      await dialog.getByRole('button', { name: 'Create Survey' }).click();
      const region = page.getByRole('region', { name: /Notifications/, includeHidden: true });
      await region.getByText('Failed to create survey.', { exact: true }).waitFor();
      // The reason names the field as a member reads it, not the request's path ('body.questions.0.options').
      await region.getByText('Question 1 options must each be different.', { exact: true }).waitFor();
      expect(await region.getByText(/body\./).count()).toBe(0);
    } finally {
      await page.unroute('**/api/surveys');
    }
    expect(await dialog.isVisible()).toBe(true);
    expect((await createdSurveys(page)).length).toBe(before);
  });
});
