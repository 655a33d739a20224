import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MAP_VIEW, profileMapResponseSchema, type ProfileMapResponse, type Skill, type SkillCategory } from '@freemarket/contracts';
import { queryRows } from '@freemarket/db';
import { deleteMember } from '@freemarket/testing';
import { mapCells, profiles, users } from '../src/db/schema/index.js';
import { cellX, cellY } from '../src/map/tiles.js';
import { call, newMember, newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
let viewer: string;
beforeAll(async () => {
  sut = await startDirectory();
  viewer = (await newMember(sut)).id;
});
afterAll(() => sut?.stop());

type View = { south: number; west: number; north: number; east: number; zoom: number };
const mapPath = (v: View) => `/api/profiles/map?south=${v.south.toFixed(6)}&west=${v.west.toFixed(6)}&north=${v.north.toFixed(6)}&east=${v.east.toFixed(6)}&zoom=${v.zoom}`;
const view = async (v: View, as = viewer) => {
  const res = await call<ProfileMapResponse>(sut, as, 'GET', mapPath(v));
  expect(res.status).toBe(200);
  return res.body;
};
/** A square view of `half` degrees each way around a point. */
const around = (lat: number, lng: number, half: number, zoom: number): View => ({ south: lat - half, west: lng - half, north: lat + half, east: lng + half, zoom });
const total = (answer: ProfileMapResponse) => answer.clusters.reduce((sum, c) => sum + c.count, 0);

/** `count` profiles in one statement, spread over a square of `spread` degrees around a point (each test its own place). */
async function crowd(lat: number, lng: number, count: number, spread: number) {
  const members = await Promise.all(Array.from({ length: count }, () => newMember(sut)));
  const rows = members.map((m, i) => ({ userId: m.id, latitude: String(lat + spread * (((i * 37) % 101) / 100 - 0.5)), longitude: String(lng + spread * (((i * 61) % 103) / 102 - 0.5)) }));
  return sut.service.runtime.db.insert(profiles).values(rows).returning({ id: profiles.id });
}

describe('GET /api/profiles/map', () => {
  it('answers a crowded view with clusters that count every profile in it, and nothing outside', async () => {
    await crowd(46, 8, 260, 0.4);
    await crowd(46, 12, 30, 0.2);
    for (const zoom of [5, 8, 10, 12]) {
      const answer = await view(around(46, 8, 0.5, zoom));
      expect(answer.markers).toEqual([]);
      expect(total(answer), `zoom ${zoom}`).toBe(260);
      for (const c of answer.clusters) expect(Math.abs(c.lat - 46) < 0.25 && Math.abs(c.lng - 8) < 0.25).toBe(true);
    }
    const country = await view({ south: 44, west: 6, north: 48, east: 14, zoom: 6 });
    expect(total(country)).toBe(290);
    expect(profileMapResponseSchema.strict().parse(country)).toEqual(country);
  });

  it('answers single markers once zoomed in, or where the view holds few profiles', async () => {
    const { profile } = await newProfile(sut, { latitude: 10.5, longitude: 20.5, title: 'Cooper' });
    const zoomedIn = await view(around(10.5, 20.5, 0.001, MAP_VIEW.markersFromZoom));
    expect(zoomedIn).toEqual({ clusters: [], markers: [expect.objectContaining({ id: profile.id, title: 'Cooper', latitude: '10.5000000', longitude: '20.5000000' })] });
    const few = await view(around(10.5, 20.5, 5, 4));
    expect(few.markers.map((m) => m.id)).toEqual([profile.id]);
    expect(Object.keys(few.markers[0]!).sort()).toEqual(
      ['averageRating', 'id', 'isCommunityMember', 'isNonProfit', 'isPoliticalCandidate', 'isServiceProvider', 'latitude', 'longitude', 'name', 'reviewCount', 'skills', 'title', 'userId'].sort(),
    );
  });

  it('shows a marker’s first two skills unless professional info is private, to anyone but its owner', async () => {
    const categories = (await call<SkillCategory[]>(sut, viewer, 'GET', '/api/skill-categories')).body;
    const trades = (await call<Skill[]>(sut, viewer, 'GET', `/api/skills/category/${categories.find((c) => c.name === 'Trades')!.id}`)).body;
    const firstTwo = trades.slice(0, 2).map((s) => ({ name: s.name, category: 'Trades' }));
    const placed: { owner: string; id: string }[] = [];
    for (const professionalInfoIsPublic of [true, false]) {
      const { member, profile } = await newProfile(sut, { latitude: -20, longitude: -50, professionalInfoIsPublic });
      for (const skill of trades.slice(0, 3)) expect((await call(sut, member.id, 'POST', '/api/user-skills', { profileId: profile.id, skillId: skill.id })).status).toBe(201);
      placed.push({ owner: member.id, id: profile.id });
    }
    const here = around(-20, -50, 0.01, 15);
    const seen = (answer: ProfileMapResponse, id: string) => answer.markers.find((m) => m.id === id)!;
    const byOthers = await view(here);
    expect(seen(byOthers, placed[0]!.id).skills).toEqual(firstTwo);
    expect(seen(byOthers, placed[1]!.id)).not.toHaveProperty('skills');
    expect(seen(await view(here, placed[1]!.owner), placed[1]!.id).skills).toEqual(firstTwo);
  });

  it('never answers more than its bounds: clusters on a screen of the world, a hundred markers where more stand at one spot', async () => {
    await crowd(-33.9, 18.4, 230, 0.0005);
    const spot = await view(around(-33.9, 18.4, 0.001, MAP_VIEW.maxZoom));
    expect(spot.markers).toHaveLength(MAP_VIEW.markersMax);
    for (const zoom of [0, 10, MAP_VIEW.maxZoom - 1]) {
      const res = await fetch(`${sut.url}${mapPath({ south: -85, west: -180, north: 85, east: 180, zoom })}`, { headers: await sut.as(viewer) });
      const body = await res.text();
      expect(body.length).toBeLessThan(50_000);
      expect((JSON.parse(body) as ProfileMapResponse).clusters.length).toBeLessThanOrEqual(MAP_VIEW.clustersMax);
    }
  });

  it('answers 400 naming the field for bounds or a zoom it cannot show', async () => {
    const bad: [string, string][] = [
      ['south=10&west=0&north=5&east=1&zoom=3', 'south'],
      ['south=0&west=170&north=1&east=-170&zoom=3', 'west'],
      ['south=-91&west=0&north=1&east=1&zoom=3', 'south'],
      ['south=0&west=0&north=1&east=181&zoom=3', 'east'],
      ['south=0&west=0&north=1&east=1&zoom=20', 'zoom'],
      ['south=0&west=0&north=1&east=1&zoom=2.5', 'zoom'],
      ['south=0&west=0&north=1&east=1', 'zoom'],
      ['south=abc&west=0&north=1&east=1&zoom=3', 'south'],
    ];
    for (const [query, field] of bad) {
      const res = await call<{ message: string }>(sut, viewer, 'GET', `/api/profiles/map?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(`querystring.${field}`);
    }
  });
});

describe('the map’s cells', () => {
  const cellCount = async (lat: number, lng: number, zoom: number, db = sut.service.runtime.db) => {
    const [cell] = await db
      .select({ count: mapCells.count })
      .from(mapCells)
      .where(and(eq(mapCells.zoom, zoom), eq(mapCells.x, cellX(lng, zoom)), eq(mapCells.y, cellY(lat, zoom))));
    return cell?.count ?? 0;
  };

  it('file a profile where it is created, move with it and let it go when its member is deleted', async () => {
    const { member, profile } = await newProfile(sut, { latitude: 60.1, longitude: 24.9 });
    expect([await cellCount(60.1, 24.9, 8), await cellCount(60.1, 24.9, 16)]).toEqual([1, 1]);
    expect((await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { latitude: '59.3', longitude: '18.1' })).status).toBe(200);
    expect([await cellCount(60.1, 24.9, 16), await cellCount(59.3, 18.1, 16), await cellCount(59.3, 18.1, 8)]).toEqual([0, 1, 1]);
    expect((await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { title: 'Moved north' })).status).toBe(200);
    expect(await cellCount(59.3, 18.1, 16)).toBe(1);
    await deleteMember(sut, users, member);
    await expect.poll(() => cellCount(59.3, 18.1, 16)).toBe(0);
    expect(await cellCount(59.3, 18.1, 8)).toBe(0);
  });

  it('change in the writing transaction: seen inside it, gone with its rollback', async () => {
    const member = await newMember(sut);
    let inside = 0;
    const written = sut.service.runtime.db.transaction(async (tx) => {
      await tx.insert(profiles).values({ userId: member.id, latitude: '-41.3', longitude: '174.8' });
      inside = await cellCount(-41.3, 174.8, 10, tx);
      tx.rollback();
    });
    await expect(written).rejects.toThrow();
    expect(inside).toBe(1);
    expect(await cellCount(-41.3, 174.8, 10)).toBe(0);
    await sut.service.runtime.db.transaction(async (tx) => {
      await tx.insert(profiles).values({ userId: member.id, latitude: '-41.3', longitude: '174.8' });
      expect(await cellCount(-41.3, 174.8, 10, tx)).toBe(1);
    });
  });

  it('sum, at every zoom, to the profiles with a place, with centres the mean of their places', async () => {
    const [check] = await queryRows<{ zooms: number; wrong: number }>(
      sut.service.runtime.db,
      sql`with truth as (select count(*)::int n, avg(latitude::float8) lat from directory.profiles where latitude is not null),
        per_zoom as (select zoom, sum(count)::int n, sum(lat_sum) / sum(count) lat from directory.map_cells group by zoom)
        select count(*)::int zooms, count(*) filter (where per_zoom.n <> truth.n or abs(per_zoom.lat - truth.lat) > 1e-9)::int wrong from per_zoom, truth`,
    );
    expect(check).toEqual({ zooms: MAP_VIEW.markersFromZoom, wrong: 0 });
  });
});
