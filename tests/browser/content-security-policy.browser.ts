import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, signIn, startBrowserStack, type BrowserStack } from './harness.js';

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
});
