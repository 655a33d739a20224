import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './accessibility.js';
import { callApi, newContext, screenshot, signIn, startBrowserStack, type BrowserStack } from './harness.js';

let bs: BrowserStack;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  bs = await startBrowserStack();
  context = await newContext(bs, { geolocation: { latitude: 37.7793, longitude: -122.4193 } });
  page = await context.newPage();
  await signIn(page, { email: 'screens@example.com', firstName: 'Sam', lastName: 'Screens' });
});
afterAll(async () => {
  await bs?.stop();
});

describe('the signed-in screens', () => {
  it('shows the explore map with its header, sidebar, controls and stats, and no serious accessibility problem', async () => {
    await page.goto('/');
    await page.locator('.leaflet-container').waitFor();
    await page.getByText(/^\d+ results$/).waitFor();
    await page.getByRole('tab', { name: 'schools' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(12);
    expect(await page.getByRole('link', { name: 'Create Profile' }).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Rewards balance: 0 points' }).waitFor();
    expect(await page.getByRole('region', { name: 'Profile statistics' }).innerText()).toContain('Total Profiles');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'map-desktop');

    // The avatar is the first name's initial, else U (spec 02 §2), never the e-mail's.
    const avatar = page.getByRole('link', { name: /^Your profile/ });
    expect(await avatar.innerText()).toBe('S');
    await page.route('**/api/auth/user', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), firstName: null } });
    });
    await page.reload();
    await expect.poll(() => avatar.innerText()).toBe('U');
    await page.unroute('**/api/auth/user');
    await page.reload();
    await page.locator('.leaflet-container').waitFor();
  });

  it('offers Skip to main content and Skip to the map as the first stops of the keyboard', async () => {
    const focused = () => page.evaluate(() => {
      const el = document.activeElement;
      return !el || el === document.body ? 'BODY' : `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
    });
    await page.goto('/');
    await page.locator('.leaflet-container').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('A Skip to main content');
    // Hidden until focused, then shown over the header.
    const box = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
    expect(box && box.width > 40 && box.height > 20).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await focused()).toMatch(/^MAIN /);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('INPUT Search');

    await page.goto('/');
    await page.locator('.leaflet-container').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('A Skip to the map');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('DIV Map of community profiles');
  });

  it('switches between two map styles, and the sort button cycles name, rating, distance', async () => {
    const tileSrc = () => page.locator('.leaflet-tile').first().getAttribute('src');
    await page.locator('.leaflet-tile').first().waitFor();
    const before = await tileSrc();
    await page.getByRole('button', { name: /map style/ }).click();
    await expect.poll(tileSrc).not.toBe(before);
    expect(await tileSrc()).toContain('openstreetmap.fr/hot');

    const sort = page.getByRole('button', { name: /^Sort:/ });
    expect(await sort.getAttribute('data-sort')).toBe('name');
    await sort.click();
    expect(await sort.getAttribute('data-sort')).toBe('rating');
    await sort.click();
    expect(await sort.getAttribute('data-sort')).toBe('distance');
    await sort.click();
    expect(await sort.getAttribute('data-sort')).toBe('name');
  });

  it('opens the Filters panel and shows the categories only on the skills tab', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('region', { name: 'Filters' }).waitFor();
    expect(await page.getByLabel('Minimum rating').isVisible()).toBe(true);
    expect(await page.getByLabel('Minimum rating').locator('option').allTextContents()).toEqual(['Any rating', '1+ stars', '2+ stars', '3+ stars', '4+ stars', '5 stars']);
    expect(await page.getByRole('group', { name: 'Categories' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'skills' }).click();
    await page.getByRole('group', { name: 'Categories' }).waitFor();
    await page.getByRole('tab', { name: 'all' }).click();
  });

  it('fits a 360 px screen: the menu overlay and the sliding search sidebar', async () => {
    // A neighbour's card whose title and address are longer than the sidebar is wide: it truncates them and stays inside.
    const neighbour = await newContext(bs);
    const neighbourPage = await neighbour.newPage();
    await signIn(neighbourPage, { email: 'screens-neighbour@example.com', firstName: 'Nell', lastName: 'Neighbour' });
    const created = await callApi(neighbourPage, 'POST', '/api/profiles', {
      title: 'Community Music Production and Recording Studio Specialist',
      address: '3376 Broadway Avenue, Suite 200, Oakland, California 94611',
      latitude: 37.7793,
      longitude: -122.4193,
    });
    expect(created.status).toBe(201);
    await neighbour.close();
    await page.reload();
    await page.setViewportSize({ width: 360, height: 740 });
    try {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'My Network' }).isVisible()).toBe(true);
    await screenshot(page, 'menu-360');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open search' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Search' });
    await sidebar.waitFor();
    await screenshot(page, 'search-sidebar-360');
    // Everything in it fits its width (85% of the screen): nothing runs past its right edge.
    await sidebar.getByTestId('results-count').waitFor();
    const overflowing = await sidebar.evaluate((el) => {
      const edge = el.getBoundingClientRect().right;
      return [...el.querySelectorAll('*')].filter((child) => child.getBoundingClientRect().right > edge + 0.5).map((child) => child.outerHTML.slice(0, 80));
    });
    expect(overflowing).toEqual([]);
    // Tapping the dimmed overlay, to the right of the sidebar, closes it.
    await page.mouse.click(350, 400);
    await sidebar.waitFor({ state: 'detached' });
    await screenshot(page, 'map-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('shows the Connections screen with its tabs and empty states', async () => {
    await page.goto('/connections');
    await page.getByRole('heading', { name: 'Connections' }).waitFor();
    await page.getByText('No connections yet.').waitFor();
    expect(await page.getByRole('tab', { name: 'All (0)' }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Requests (0)' }).click();
    await page.getByText('No pending requests.').waitFor();
    await page.getByRole('tab', { name: 'Sent (0)' }).click();
    await page.getByText('No sent requests.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'connections-desktop');
  });

  it('shows the Messages screen with its empty states', async () => {
    await page.goto('/messages');
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    await page.getByText('Start a conversation with someone!').waitFor();
    expect(await page.getByText('Select a conversation to start messaging').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'messages-desktop');
  });

  it('opens the profile page inside the app shell, ready to create a profile', async () => {
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Create Your Profile', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(true);
  });
});
