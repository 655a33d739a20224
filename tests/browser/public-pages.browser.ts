import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './accessibility.js';
import { newContext, screenshot, startBrowserStack, type BrowserStack } from './harness.js';

let bs: BrowserStack;
beforeAll(async () => {
  bs = await startBrowserStack();
});
afterAll(async () => {
  await bs?.stop();
});

describe('a signed-out visitor', () => {
  it('sees the landing page with the fixed figures, and Get Started leads to sign-in', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Know your neighbors and support your community');
    const text = await page.locator('body').innerText();
    for (const fixed of ['1,200+', '50+', '8,900+', '4.9', 'Trades', '156 providers', 'Political', '12 providers', 'Join today', '© 2025']) expect(text).toContain(fixed);
    expect(text).toContain('builds stronger communities through local connections and collaboration');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'landing-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'landing-360');

    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await page.waitForURL(/\/oidc\//);
    expect(await page.locator('#email').isVisible()).toBe(true);
    await context.close();
  });

  it('is asked to log in on the connections and messages screens', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/connections');
    await page.getByText('Please log in to view your connections.').waitFor();
    await page.goto('/messages');
    await page.getByText('Please log in to view your messages.').waitFor();
    expect(await page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await context.close();
  });

  it('sees the not-found page for an unknown path, and the public pages', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    for (const [path, heading] of [
      ['/about', 'About FreeMarket'],
      ['/terms-of-service', 'Terms of Service'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/contact', 'Contact Us'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await context.close();
  });
});
