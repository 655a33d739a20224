import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await seedProfiles(bs.databaseUrl);

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
