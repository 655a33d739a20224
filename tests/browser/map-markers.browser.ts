import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import pg from 'pg';
import { newContext, screenshot, signIn, startBrowserStack, type BrowserStack } from './harness.js';

const COUNT = 10_000;

declare global {
  interface Window {
    /** Set by the web client's marker layer after each render (web/src/features/directory/components/profile-marker-layer.tsx). */
    __fmMarkerLayer?: { points: number; ms: number };
  }
}

/**
 * 10,000 members with profiles spread over about 30 km around the default position, a mix of every
 * kind, written straight into the directory's tables: through the API this would take minutes.
 */
async function seedProfiles(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into directory.users (id, email, first_name, last_name)
       select 'load-' || n, 'load' || n || '@example.com', 'Member', n::text from generate_series(1, $1::int) n`,
      [COUNT],
    );
    await client.query(
      `insert into directory.profiles (user_id, member_name, title, latitude, longitude, average_rating, review_count,
         is_service_provider, is_non_profit, is_political_candidate, is_community_member, skill_summary)
       select 'load-' || n, 'Member ' || n, case when n % 3 = 0 then null else 'Provider ' || n end,
         round((37.7749 + (random() - 0.5) * 0.3)::numeric, 7), round((-122.4194 + (random() - 0.5) * 0.3)::numeric, 7),
         round((random() * 5)::numeric, 2), n % 20, n % 2 = 0, n % 7 = 0, n % 11 = 0, true,
         json_build_array(json_build_object('name', 'Skill ' || n % 40, 'category',
           (array['Electrical','Plumbing','Medical','Design','Education','Agriculture','Construction','Automotive','Other'])[1 + n % 9]))
       from generate_series(1, $1::int) n`,
      [COUNT],
    );
  } finally {
    await client.end();
  }
}

/**
 * Waits until the map has drawn no new layer for half a second: every view's answer is in, so a
 * click lands on the markers on screen, not on a layer about to be replaced.
 */
async function layerSettled(map: Locator): Promise<void> {
  let last = await map.getAttribute('data-layer-draws');
  for (let waited = 0; waited < 15_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await map.getAttribute('data-layer-draws');
    if (now === last) return;
    last = now;
  }
  throw new Error('the map kept drawing new layers for 15 s');
}

/** The markers and clusters whose centre lies outside the map on screen, those Tab can reach first. */
function offScreen(map: Locator): Promise<{ focusable: string[]; all: number }> {
  return map.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const outside = [...el.querySelectorAll<HTMLElement>('.leaflet-marker-icon')].filter((m) => {
      const r = m.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      return x < box.left || x > box.right || y < box.top || y > box.bottom;
    });
    return { focusable: outside.filter((m) => m.tabIndex >= 0).map((m) => m.getAttribute('aria-label') ?? m.title), all: outside.length };
  });
}

/** The accessible name of what holds the focus, or 'BODY'. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent?.trim() ?? el.tagName;
  });
}

let bs: BrowserStack;
beforeAll(async () => {
  bs = await startBrowserStack();
  await seedProfiles(bs.databaseUrl);
});
afterAll(async () => {
  await bs?.stop();
});

describe('the map with 10,000 profiles around', () => {
  it('shows clusters with their counts, and a click on one zooms in until single markers show', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await signIn(page, { email: 'load@example.com', firstName: 'Load', lastName: 'Test' });

    await page.goto('/');
    const map = page.locator('.leaflet-container');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    const clusters = page.getByRole('button', { name: /^\d+ profiles? here, zoom in$/ });
    await clusters.first().waitFor({ timeout: 30_000 });
    const first = await page.evaluate(() => window.__fmMarkerLayer);
    const drawn = Number(await map.getAttribute('data-clusters-rendered'));
    console.log(`[map] ${COUNT} profiles around: ${drawn} clusters drawn in ${first?.ms.toFixed(0)} ms`);
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(1_000);
    // The label says the exact count; the bubble shows it, shortened past a thousand.
    const counts = await clusters.evaluateAll((els) => els.map((el) => Number(el.getAttribute('aria-label')!.split(' ')[0])));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(COUNT / 2);
    await expect.poll(() => clusters.first().textContent()).toMatch(/^\d+(\.\d)?k?$/);
    await screenshot(page, 'map-clusters');

    // Each click on a cluster zooms in on it; zoomed in far enough, the server answers single markers.
    const profileMarkers = page.locator('.leaflet-marker-icon[title^="Member "]');
    for (let clicks = 0; clicks < 6 && (await profileMarkers.count()) === 0; clicks++) {
      await layerSettled(map);
      const before = await map.getAttribute('data-layer-draws');
      await clusters.first().click();
      // A new layer is drawn for the zoomed-in view, whatever its count of clusters.
      await expect.poll(async () => (await profileMarkers.count()) > 0 || (await map.getAttribute('data-layer-draws')) !== before, { timeout: 15_000 }).toBe(true);
    }
    await profileMarkers.first().waitFor();
    await layerSettled(map);
    expect(await clusters.count()).toBe(0);
    // Zoomed in, markers may overlap: the keyboard reaches any of them (Leaflet's Enter is a click).
    await profileMarkers.first().press('Enter');
    await page.getByRole('button', { name: 'View Profile' }).waitFor();
    await screenshot(page, 'map-single-markers');
    await context.close();
  });

  it('zooms in on a cluster opened from the keyboard with Enter or Space, the focus staying on the map; Tab reaches only what is on screen', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await signIn(page, { email: 'keys@example.com', firstName: 'Kit', lastName: 'Keys' });
    const zooms: number[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/profiles/map') zooms.push(Number(url.searchParams.get('zoom')));
    });
    await page.goto('/');
    const map = page.locator('.leaflet-container');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    const clusters = page.getByRole('button', { name: /^\d+ profiles? here, zoom in$/ });
    await clusters.first().waitFor({ timeout: 30_000 });
    await layerSettled(map);
    // The server answers a little more than the view: what lies beyond the map's edge is out of the Tab order.
    expect((await offScreen(map)).focusable).toEqual([]);

    await page.getByRole('link', { name: 'Skip to the map' }).focus();
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('Map of community profiles');
    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toMatch(/^\d+ profiles? here, zoom in$/);
      const deepest = Math.max(...zooms);
      await page.keyboard.press(key);
      await expect.poll(() => Math.max(...zooms), { timeout: 15_000 }).toBeGreaterThan(deepest);
      await layerSettled(map);
      // The cluster is gone with the old layer; the focus waits on the map, not on the page's body.
      expect(await focusedName(page)).toBe('Map of community profiles');
      const beyond = await offScreen(map);
      console.log(`[map] after ${key}: ${beyond.all} markers and clusters drawn beyond the map's edge`);
      expect(beyond.focusable).toEqual([]);
    }
    await context.close();
  });
});
