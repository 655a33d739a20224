import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_MAP_POSITION, type ProfileMapResponse, type ProfileSearchPage } from '@freemarket/contracts';
import { DEMO_USER_COUNT } from '@freemarket/demo';
import { queryRows } from '@freemarket/db';
import { seedDemoData } from '../src/seed/demo-data.js';
import { call, haversineKm, startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory({ SEED_DEMO_DATA: 'true' });
});
afterAll(() => sut?.stop());

const { lat, lng } = DEFAULT_MAP_POSITION;

describe('demo data (SEED_DEMO_DATA=true)', () => {
  it('seeds about 500 varied profiles around the default map position, once', async () => {
    const [stats] = await queryRows<{ n: number; providers: number; nonprofits: number; candidates: number; private_contact: number; rated: number; certified: number }>(
      sut.service.runtime.db,
      sql`select count(*)::int n, count(*) filter (where is_service_provider)::int providers, count(*) filter (where is_non_profit)::int nonprofits,
        count(*) filter (where is_political_candidate)::int candidates, count(*) filter (where not contact_info_is_public)::int private_contact,
        count(*) filter (where review_count > 0)::int rated, count(*) filter (where cert_text <> '')::int certified from directory.profiles`,
    );
    expect(stats).toMatchObject({ n: DEMO_USER_COUNT });
    for (const key of ['providers', 'nonprofits', 'candidates', 'private_contact', 'rated', 'certified'] as const) expect(stats![key]).toBeGreaterThan(0);
    await seedDemoData(sut.service.runtime);
    const [again] = await queryRows<{ n: number }>(sut.service.runtime.db, sql`select count(*)::int n from directory.profiles`);
    expect(again!.n).toBe(DEMO_USER_COUNT);
  });

  it('keeps every rating equal to the average of that member’s reviews', async () => {
    const off = await queryRows<{ user_id: string }>(
      sut.service.runtime.db,
      sql`select p.user_id from directory.profiles p left join (select reviewee_id, round(avg(rating), 2) a, count(*) c from directory.reviews group by 1) r on r.reviewee_id = p.user_id
          where p.average_rating <> coalesce(r.a, 0) or p.review_count <> coalesce(r.c, 0)`,
    );
    expect(off).toEqual([]);
  });

  it('shows named demo profiles near the default position, within about 25 km', async () => {
    const near = await call<ProfileSearchPage>(sut, 'dev-visitor', 'GET', `/api/profiles/location?lat=${lat}&lng=${lng}&radius=50&limit=500`);
    expect(near.body.items.length).toBeGreaterThan(400);
    expect(near.body.items[0]!.user.firstName).toBeTruthy();
    expect(Math.max(...near.body.items.map((p) => haversineKm({ lat, lng }, { lat: Number(p.latitude), lng: Number(p.longitude) })))).toBeLessThan(40);
    const map = await call<ProfileMapResponse>(sut, 'dev-visitor', 'GET', `/api/profiles/map?south=${(lat - 1).toFixed(4)}&west=${(lng - 1).toFixed(4)}&north=${(lat + 1).toFixed(4)}&east=${(lng + 1).toFixed(4)}&zoom=9`);
    expect(map.body.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(DEMO_USER_COUNT);
  });
});
