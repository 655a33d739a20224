import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileMapItem, ProfileMapResponse } from '@freemarket/contracts';
import { newContext, screenshot, signIn, startBrowserStack, type BrowserStack } from './harness.js';

const COUNT = 10_000;

declare global {
  interface Window {
    /** Set by the web client's marker layer after each render (web/src/features/directory/components/profile-marker-layer.tsx). */
    __fmMarkerLayer?: { points: number; ms: number };
  }
}

/** 10,000 markers spread over about 30 km around the default position, a mix of every kind. */
function markers(): ProfileMapItem[] {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const categories = ['Electrical', 'Plumbing', 'Medical', 'Design', 'Education', 'Agriculture', 'Construction', 'Automotive', 'Other'];
  return Array.from({ length: COUNT }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    userId: `dev-load-${i}`,
    name: `Member ${i}`,
    title: i % 3 === 0 ? null : `Provider ${i}`,
    latitude: (37.7749 + (random() - 0.5) * 0.3).toFixed(7),
    longitude: (-122.4194 + (random() - 0.5) * 0.3).toFixed(7),
    averageRating: (random() * 5).toFixed(2),
    reviewCount: i % 20,
    isServiceProvider: i % 2 === 0,
    isNonProfit: i % 7 === 0,
    isPoliticalCandidate: i % 11 === 0,
    isCommunityMember: true,
    skills: [{ name: `Skill ${i % 40}`, category: categories[i % categories.length]! }],
  }));
}

let bs: BrowserStack;
beforeAll(async () => {
  bs = await startBrowserStack();
});
afterAll(async () => {
  await bs?.stop();
});

describe('the map with 10,000 profiles in view', () => {
  it('renders the clustered marker layer and prints the time to its first render', async () => {
    const context = await newContext(bs);
    const page = await context.newPage();
    await signIn(page, { email: 'load@example.com', firstName: 'Load', lastName: 'Test' });
    // @NOTE This measures the client's marker layer: the 10,000 compact markers stand in for the
    // directory's answer (its endpoint and SQL have their own tests and benchmark), so the figure
    // does not depend on how fast this machine can seed 10,000 profiles.
    const body: ProfileMapResponse = { items: markers(), truncated: false };
    await context.route(/\/api\/profiles\/map\?/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));

    await page.goto('/');
    const map = page.locator('.leaflet-container');
    await page.locator(`.leaflet-container[data-marker-points="${COUNT}"]`).waitFor({ timeout: 30_000 });
    const first = await page.evaluate(() => window.__fmMarkerLayer);
    const rendered = Number(await map.getAttribute('data-markers-rendered'));
    console.log(`[map] ${first?.points} profiles: marker layer first render ${first?.ms.toFixed(0)} ms (target < 500 ms), ${rendered} clusters and markers drawn`);
    expect(first?.points).toBe(COUNT);
    // Clustered: a few hundred DOM markers at most, never 10,000.
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(1_000);
    await screenshot(page, 'map-10000-profiles');

    // Zooming in keeps working: clusters split and the layer redraws with other markers.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => Number(await map.getAttribute('data-markers-rendered'))).not.toBe(rendered);
    await context.close();
  });
});
