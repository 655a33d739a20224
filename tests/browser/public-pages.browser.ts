import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openDatabase } from '@freemarket/db';
import { PRIVACY_FLAGS } from '@freemarket/contracts/constants';
import { newestContactMessages } from '../../services/identity/src/contact/repository.js';
import { seriousViolations } from './accessibility.js';
import { callApi, fillSignInForm, newContext, screenshot, signedInMember, startBrowserStack, type BrowserStack } from './harness.js';

let bs: BrowserStack;

/** The four public pages (spec 02 §2) and their headings. */
const PUBLIC_PAGES = [
  ['/about', 'About FreeMarket'],
  ['/terms-of-service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/contact', 'Contact Us'],
] as const;
beforeAll(async () => {
  bs = await startBrowserStack();
});
afterAll(async () => {
  await bs?.stop();
});

describe('a signed-out visitor', () => {
  it('gets the new version of the site, not an error, when a screen’s code is gone after a deploy', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The next script the page asks for is gone, as an old page's chunk is once a new version is served.
    let gone = 0;
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      if (gone++ === 0) await route.fulfill({ status: 404, body: 'Not found' });
      else await route.continue();
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'About FreeMarket' }).waitFor();
    expect(gone).toBeGreaterThan(1);
    await context.close();
  });

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

  it('is asked to log in on the connections and messages screens, comes back to the screen once signed in, and can sign in as someone else after Log Out', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/connections');
    await page.getByText('Please log in to view your connections.').waitFor();
    await page.goto('/messages');
    await page.getByText('Please log in to view your messages.').waitFor();
    await page.getByRole('button', { name: 'Log In' }).click();
    await fillSignInForm(page, { email: 'returning@example.com', firstName: 'Rhea', lastName: 'Turner' }, '/messages');
    await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();

    // Log Out, then Get Started asks who is signing in: another member can sign in in the same
    // browser, and comes back to the page Get Started was pressed on.
    await page.goto('/api/logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/about');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await fillSignInForm(page, { email: 'second@example.com', firstName: 'Sid', lastName: 'Second' }, '/about');
    expect((await callApi<{ email: string }>(page, 'GET', '/api/auth/user')).body.email).toBe('second@example.com');
    await context.close();
  });

  it('is asked to log in on their own profile page and on a member’s, and is not sent to sign in unasked', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Please log in to view your profile.' }).waitFor();
    await page.goto('/profile/some-member');
    const notice = page.getByRole('heading', { name: 'Please log in to view this profile.' });
    await notice.waitFor();
    // Longer than the sign-in-again flow's delay: the page stays, with no 'logged out' toast.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(new URL(page.url()).pathname).toBe('/profile/some-member');
    expect(await notice.isVisible()).toBe(true);
    expect(await page.getByText('You are logged out. Logging in again...').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    await context.close();
  });

  it('sees the not-found page for an unknown path, and the public pages', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await context.close();
  });

  it('reads the about page: mission, vision, the six features, who it serves and its values', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { name: 'About FreeMarket', level: 1 }).waitFor();
    expect(await headings(page, 2)).toEqual(['Our Mission', 'Our Vision', 'What FreeMarket Offers', 'Who We Serve', 'Our Values']);
    expect(await headings(page, 3)).toEqual([
      ...['Map Discovery', 'Professional Networking', 'Learning Hub', 'Rewards Points', 'Community Projects', 'Direct Messaging'],
      ...['Service Providers & Businesses', 'Community Members', 'Nonprofits', 'Political Candidates'],
      ...['Community First', 'Trust & Transparency', 'Collaboration'],
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'about');
    await context.close();
  });

  it('reads the terms and the privacy policy: dated, 13 numbered sections, and the ten privacy switches', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/terms-of-service');
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    expect(await page.getByText('Last Updated: October 10, 2025').isVisible()).toBe(true);
    expect(await headings(page, 2)).toEqual(
      [
        'Acceptance of Terms',
        'Description of Service',
        'User Responsibilities',
        'Privacy',
        'Payment Terms',
        'Rewards Program',
        'Content and Intellectual Property',
        'Prohibited Activities',
        'Termination',
        'Disclaimer of Warranties',
        'Limitation of Liability',
        'Changes to Terms',
        'Contact Information',
      ].map((title, i) => `${i + 1}. ${title}`),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();

    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(await page.getByText('Last Updated: October 10, 2025').isVisible()).toBe(true);
    expect(await headings(page, 2)).toEqual(
      [
        'Information We Collect',
        'How We Use Your Information',
        'Information Sharing',
        'Privacy Controls',
        'Data Security',
        'Location Data',
        'Cookies',
        'Data Retention',
        'Children’s Privacy',
        'Your Rights',
        'International Users',
        'Changes to This Policy',
        'Contact Us',
      ].map((title, i) => `${i + 1}. ${title}`),
    );
    const controls = page.getByRole('region', { name: '4. Privacy Controls' });
    expect(await controls.innerText()).toContain('Your profile has ten sections, each controlled independently');
    expect(await controls.getByRole('listitem').count()).toBe(PRIVACY_FLAGS.length);
    for (const label of ['Contact information', 'Personal interests', 'Hardships', 'Professional information', 'Opportunities', 'Testimonials', 'Items for sale', 'Events', 'Political information', 'Business information']) {
      await controls.getByRole('listitem').filter({ hasText: `${label}:` }).waitFor();
    }
    expect(await page.locator('main').innerText()).toContain('not intended for children under 13');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('sends a message with the contact form: field messages first, then Sending..., Message sent!, a cleared form and a stored message', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    expect(await headings(page, 3)).toEqual(['Email Support', 'Community Forum', 'Help Center', 'Report an Issue', 'Partnership Inquiries', 'Feedback & Suggestions']);
    expect(await page.getByText('Response time: 24-48 hours').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    for (const text of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) await page.getByText(text).waitFor();
    await expect.poll(() => focusedId(page)).toBe('contact-name');
    expect(await field(page, 'Name').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    await field(page, 'Name').fill('Grace Hopper');
    await field(page, 'Email').fill('grace@navy');
    await field(page, 'Subject').fill('Partnership');
    await field(page, 'Message').fill('Our makerspace would like to run workshops through FreeMarket.');
    await send.click();
    await page.getByText('Please enter a valid email address').waitFor();
    await expect.poll(() => focusedId(page)).toBe('contact-email');
    expect(await page.getByText('Name is required').count()).toBe(0);

    // Held for a moment so the pending state can be seen; the request itself is the real one.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await field(page, 'Email').fill('grace@example.com');
    await send.click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    const toasts = page.getByRole('region', { name: /Notifications/, includeHidden: true });
    await toasts.getByText('Message sent!', { exact: true }).waitFor();
    await toasts.getByText("We'll get back to you as soon as possible.", { exact: true }).waitFor();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(await field(page, label).inputValue()).toBe('');

    const database = await openDatabase({ url: bs.databaseUrl, poolMax: 1 });
    try {
      const [newest] = await newestContactMessages(database.db, 1);
      expect(newest).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', subject: 'Partnership', userId: null });
    } finally {
      await database.close();
    }
    await context.close();
  });
});

/** The page's headings of one level, in order, as their text. */
async function headings(page: Page, level: number): Promise<string[]> {
  return (await page.getByRole('heading', { level }).allInnerTexts()).map((t) => t.trim());
}

/** A contact form control by its exact label. */
function field(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

function focusedId(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.activeElement?.id);
}

describe('a signed-in member on the public pages', () => {
  it('keeps the app’s header and navigation there instead of Get Started, and a visitor still gets Get Started', async () => {
    const member = await signedInMember(bs, { email: 'pia.public@example.com', firstName: 'Pia', lastName: 'Reader' });
    const page = member.page;
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Feed' }).waitFor();
      await page.getByRole('link', { name: 'Create Profile' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Get Started' }).count()).toBe(0);
      expect(await page.getByRole('main').count()).toBe(1);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'contact-signed-in');
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Feed' }).click();
    await page.waitForURL((url) => url.pathname === '/feed');
    await member.context.close();

    const visitor = await newContext(bs);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/about');
    await visitorPage.getByRole('button', { name: 'Get Started' }).waitFor();
    expect(await visitorPage.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await visitor.close();
  });
});
