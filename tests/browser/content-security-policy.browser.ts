import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTutorialBody, Skill, SkillCategory } from '@freemarket/contracts';
import { callApi, newContext, signIn, startBrowserStack, type BrowserStack } from './harness.js';

let bs: BrowserStack;
beforeAll(async () => {
  bs = await startBrowserStack();
});
afterAll(async () => {
  await bs?.stop();
});

/** The screens a member reaches from the header, each loaded fresh under the page policy. */
const SCREENS = ['/', '/feed', '/surveys', '/rewards', '/connections', '/messages', '/events', '/projects', '/learn', '/transactions', '/about'];

describe('the content security policy', () => {
  it('blocks a script injected into the page, and lets every screen load without a violation', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${message.text()}`);
    });
    await signIn(page, { email: 'csp@example.com', firstName: 'Cora', lastName: 'Policy' });

    const injected = await page.evaluate(async () => {
      const blocked = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }));
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      document.body.append(script);
      return { directive: await blocked, ran: (window as unknown as { injectedRan?: boolean }).injectedRan === true };
    });
    expect(injected).toEqual({ directive: expect.stringMatching(/^script-src/), ran: false });
    violations.length = 0;

    for (const path of SCREENS) {
      await page.goto(path);
      await page.locator('main, #root > *').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    await context.close();
  });

  it('lets a tutorial’s YouTube or Vimeo video into its player’s frame without a violation', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await signIn(page, { email: 'csp.video@example.com', firstName: 'Vida', lastName: 'Policy' });
    const categories = await callApi<SkillCategory[]>(page, 'GET', '/api/skill-categories');
    const trades = categories.body.find((c) => c.name === 'Trades')!;
    const skills = await callApi<Skill[]>(page, 'GET', `/api/skills/category/${trades.id}`);
    const videos = { 'Tiling a Splashback': 'https://youtu.be/dQw4w9WgXcQ', 'Grouting Tiles': 'https://vimeo.com/76979871' };
    for (const [title, videoUrl] of Object.entries(videos)) {
      const body: CreateTutorialBody = { title, videoUrl, isFree: true, skillId: skills.body[0]!.id };
      expect((await callApi(page, 'POST', '/api/diy-content', body)).status).toBe(201);
    }

    await page.goto('/learn');
    await page.getByRole('tab', { name: 'Trades' }).click();
    for (const title of Object.keys(videos)) {
      await page.getByRole('button', { name: title }).click();
      const dialog = page.getByRole('dialog', { name: title });
      // The players' hosts are stubbed (no network here): their page shows only once the policy lets the frame in.
      await dialog.frameLocator(`iframe[title="Video: ${title}"]`).getByText('Video player').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(violations).toEqual([]);
    await context.close();
  });
});
