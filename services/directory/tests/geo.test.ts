import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSearchItemSchema, type ProfileSearchPage, type Skill, type SkillCategory } from '@freemarket/contracts';
import { eq } from 'drizzle-orm';
import { Random } from '@freemarket/demo';
import { profiles } from '../src/db/schema/index.js';
import { call, haversineKm, newMember, newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
let viewer: string;
const center = { lat: 40.0, lng: -100.0 };
type Placed = { id: string; lat: number; lng: number; km: number };
const placed: Placed[] = [];

/** A point `km` from the centre in direction `bearing` (degrees), on the earthdistance sphere. */
function offset(km: number, bearing: number): { lat: number; lng: number } {
  const R = 6378.168;
  const d = km / R;
  const b = (bearing * Math.PI) / 180;
  const lat1 = (center.lat * Math.PI) / 180;
  const lng1 = (center.lng * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: Number(((lat2 * 180) / Math.PI).toFixed(7)), lng: Number(((lng2 * 180) / Math.PI).toFixed(7)) };
}

/** Profile id → its owner's member id. */
const placedOwners = new Map<string, string>();

async function place(at: { lat: number; lng: number }, fields = {}): Promise<Placed> {
  const { member, profile } = await newProfile(sut, { latitude: at.lat, longitude: at.lng, title: 'Placed', ...fields });
  placedOwners.set(profile.id, member.id);
  const p = { id: profile.id, ...at, km: haversineKm(center, at) };
  placed.push(p);
  return p;
}

beforeAll(async () => {
  sut = await startDirectory();
  viewer = (await newMember(sut)).id;
  const random = new Random(7);
  for (let i = 0; i < 24; i++) await place(offset(random.next() * 45, random.next() * 360));
  // Four members at one address: equal distances, ordered by id.
  const shared = offset(12.5, 80);
  for (let i = 0; i < 4; i++) await place(shared);
  await place(offset(49.5, 200));
  await place(offset(50.5, 20));
  await place(offset(300, 90));
});
afterAll(() => sut?.stop());

const byDistanceThenId = (a: Placed, b: Placed) => a.km - b.km || (a.id < b.id ? -1 : 1);

async function allPages(path: string): Promise<ProfileSearchPage['items']> {
  const items: ProfileSearchPage['items'] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: ProfileSearchPage } = await call<ProfileSearchPage>(sut, viewer, 'GET', `${path}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    // Exactly the contract's fields, nothing more.
    for (const item of res.body.items) expect(profileSearchItemSchema.strict().parse(item)).toEqual(item);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return items;
}

describe('GET /api/profiles/location', () => {
  it('lists everyone within 50 km by default, nearest first by the haversine distance, over pages that neither repeat nor skip (ties included)', async () => {
    const items = await allPages(`/api/profiles/location?lat=${center.lat}&lng=${center.lng}&limit=3`);
    const expected = placed.filter((p) => p.km <= 50).sort(byDistanceThenId);
    expect(items.map((i) => i.id)).toEqual(expected.map((p) => p.id));
    for (const [i, item] of items.entries()) expect(item.distanceKm!).toBeCloseTo(expected[i]!.km, 6);
  });

  it('takes a radius in kilometres', async () => {
    const items = await allPages(`/api/profiles/location?lat=${center.lat}&lng=${center.lng}&radius=10&limit=100`);
    expect(items.map((i) => i.id)).toEqual(
      placed
        .filter((p) => p.km <= 10)
        .sort(byDistanceThenId)
        .map((p) => p.id),
    );
    expect((await allPages(`/api/profiles/location?lat=${center.lat}&lng=${center.lng}&radius=500&limit=100`)).length).toBe(placed.length);
  });

  it('answers 400 for a missing centre, a radius out of range or too big a page', async () => {
    for (const [query, field] of [
      ['lng=1', 'querystring.lat'],
      ['lat=1&lng=1&radius=0', 'querystring.radius'],
      ['lat=1&lng=1&radius=500.5', 'querystring.radius'],
      ['lat=1&lng=1&limit=501', 'querystring.limit'],
      ['lat=-91&lng=1', 'querystring.lat'],
    ] as const) {
      const res = await call<{ message: string }>(sut, viewer, 'GET', `/api/profiles/location?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });
});

describe('sort by distance in search', () => {
  it('really sorts by distance from lat/lng, with the text query, across pages', async () => {
    const near = await place(offset(3, 10), { bio: 'Distanza' });
    const mid = await place(offset(20, 100), { bio: 'Distanza' });
    const far = await place(offset(40, 250), { bio: 'Distanza' });
    await place(offset(70, 250), { bio: 'Distanza' });
    const items = await allPages(`/api/profiles/search?q=distanza&sort=distance&lat=${center.lat}&lng=${center.lng}&limit=1`);
    expect(items.map((i) => i.id)).toEqual([near.id, mid.id, far.id]);
    expect(items.map((i) => i.distanceKm!)).toEqual([...items.map((i) => i.distanceKm!)].sort((a, b) => a - b));
  });
});

describe('skills by distance', () => {
  it('finds skill holders nearest first, for whole, short and long words, and not a word that only shares their first 8 letters', async () => {
    const categories = (await call<SkillCategory[]>(sut, viewer, 'GET', '/api/skill-categories')).body;
    const creative = categories.find((c) => c.name === 'Creative')!;
    const photography = (await call<Skill[]>(sut, viewer, 'GET', `/api/skills/category/${creative.id}`)).body.find((s) => s.name === 'Photography')!;
    const withPhotography = async (km: number, bearing: number, fields = {}) => {
      const p = await place(offset(km, bearing), fields);
      expect((await call(sut, placedOwners.get(p.id)!, 'POST', '/api/user-skills', { profileId: p.id, skillId: photography.id })).status).toBe(201);
      return p;
    };
    const holders = [await withPhotography(31, 40), await withPhotography(4, 200), await withPhotography(47, 300), await withPhotography(18, 120)];
    await withPhotography(8, 10, { professionalInfoIsPublic: false });
    await withPhotography(52, 90);
    await place(offset(2, 0), { bio: 'photography is my hobby' });
    const nearestFirst = holders.sort(byDistanceThenId).map((p) => p.id);
    const found = async (q: string) =>
      (await allPages(`/api/profiles/search?type=skills&q=${q}&sort=distance&lat=${center.lat}&lng=${center.lng}&radius=50&limit=1`)).map((i) => i.id);
    expect(await found('photograph')).toEqual(nearestFirst);
    expect(await found('photo')).toEqual(nearestFirst);
    expect(await found('creative%20photography')).toEqual(nearestFirst);
    expect(await found('photographing')).toEqual([]);
    expect(await found('ph')).toEqual(nearestFirst);
  });
});

describe('the Schools tab inside a radius', () => {
  it('lists exactly the schools and teachers within the radius, by rating and by name, across pages', async () => {
    // A place of its own, so the other tests' profiles are not in the radius.
    const here = { lat: 35.0, lng: -106.6 };
    const at = (km: number) => ({ latitude: Number((here.lat + km / 111.2).toFixed(7)), longitude: here.lng });
    const made = [
      (await newProfile(sut, { title: 'Mesa Montessori', ...at(1) }, { firstName: 'Cy', lastName: 'A' })).profile.id,
      (await newProfile(sut, { bio: 'Our academy teaches welding', ...at(10) }, { firstName: 'Al', lastName: 'B' })).profile.id,
      (await newProfile(sut, { bio: 'Neighbour', openToTeachingTutoring: true, ...at(20) }, { firstName: 'Bo', lastName: 'C' })).profile.id,
    ];
    await newProfile(sut, { bio: 'Neighbour', openToTeachingTutoring: true, opportunitiesIsPublic: false, ...at(2) });
    await newProfile(sut, { title: 'Plumber', ...at(3) });
    await newProfile(sut, { title: 'Far Away School', ...at(80) });
    for (const [i, id] of made.entries()) await sut.service.runtime.db.update(profiles).set({ averageRating: String(3 + i / 2) }).where(eq(profiles.id, id));
    const list = async (sort: string) => (await allPages(`/api/profiles/search?type=schools&sort=${sort}&lat=${here.lat}&lng=${here.lng}&radius=50&limit=1`)).map((i) => i.id);
    expect(await list('rating')).toEqual([made[2], made[1], made[0]]);
    expect(await list('name')).toEqual([made[1], made[2], made[0]]);
  });
});

describe('radius with other sorts', () => {
  it('keeps exactly the profiles within the radius when sorting by rating or name', async () => {
    const inside = await place(offset(49.8, 300), { bio: 'Radialo' });
    const near = await place(offset(2, 45), { bio: 'Radialo' });
    await place(offset(50.3, 120), { bio: 'Radialo' });
    for (const sort of ['rating', 'name']) {
      const items = await allPages(`/api/profiles/search?q=radialo&sort=${sort}&lat=${center.lat}&lng=${center.lng}&radius=50&limit=1`);
      expect(items.map((i) => i.id).sort(), sort).toEqual([inside.id, near.id].sort());
    }
  });
});

describe('text inside a radius, by rating, name or distance', () => {
  it('finds the same profiles by each sort, for whole words, prefixes, long and short words, other scripts and a category', async () => {
    // Spread over many 0.25° cells, both sides of the radius, one with the word only in a private section.
    const inside = [
      await place(offset(1, 0), { bio: 'Cellquist gardener' }),
      await place(offset(18, 70), { bio: 'cellquistry and céllo lessons' }),
      await place(offset(33, 160), { title: 'Cellquist', bio: 'Gardener' }),
      await place(offset(47, 250), { bio: 'Cellquistification of gardens' }),
      await place(offset(49.7, 330), { bio: 'CELLQUIST céllo' }),
    ];
    await place(offset(50.4, 90), { bio: 'Cellquist gardener' });
    await place(offset(120, 10), { bio: 'Cellquist gardener' });
    await place(offset(5, 10), { passions: 'cellquist', personalInterestsIsPublic: false });
    const path = (q: string, sort: string, more = '') =>
      `/api/profiles/search?q=${encodeURIComponent(q)}&sort=${sort}&lat=${center.lat}&lng=${center.lng}&radius=50&limit=2${more}`;
    const found = async (q: string, more = '') => {
      const bySort = await Promise.all(['rating', 'name', 'distance'].map(async (sort) => (await allPages(path(q, sort, more))).map((i) => i.id).sort()));
      // Each sort has its own statement: the same set, three ways.
      expect(bySort[0], `${q} by rating`).toEqual(bySort[2]);
      expect(bySort[1], `${q} by name`).toEqual(bySort[2]);
      return bySort[2]!;
    };
    const ids = (...list: Placed[]) => list.map((p) => p.id).sort();
    expect(await found('cellquist')).toEqual(ids(...inside));
    expect(await found('cellq')).toEqual(ids(...inside));
    expect(await found('cellquistific')).toEqual(ids(inside[3]!));
    expect(await found('cellquist gardener')).toEqual(ids(inside[0]!, inside[2]!));
    expect(await found('cellquist ga')).toEqual(ids(inside[0]!, inside[2]!, inside[3]!));
    expect(await found('céllo cellquist')).toEqual(ids(inside[1]!, inside[4]!));
    expect(await found('nowhere cellquist')).toEqual([]);
    const categories = (await call<SkillCategory[]>(sut, viewer, 'GET', '/api/skill-categories')).body;
    const trades = categories.find((c) => c.name === 'Trades')!;
    const plumber = (await call<Skill[]>(sut, viewer, 'GET', `/api/skills/category/${trades.id}`)).body.find((s) => s.name === 'Plumbing')!;
    const owner = placedOwners.get(inside[2]!.id)!;
    expect((await call(sut, owner, 'POST', '/api/user-skills', { profileId: inside[2]!.id, skillId: plumber.id })).status).toBe(201);
    expect(await found('cellquist', `&category=${trades.id}`)).toEqual(ids(inside[2]!));
    expect(await found('cellquist', '&category=trades')).toEqual(ids(inside[2]!));
    expect(await found('cellquist', `&category=${crypto.randomUUID()}`)).toEqual([]);
    expect(await found('plumb', '&type=skills')).toEqual(ids(inside[2]!));
    expect(await found('cellquist', '&type=vocation')).toEqual(ids(inside[2]!));
    const works = await place(offset(30, 200), { isServiceProvider: true, businessName: 'Zellwood Works', licenseNumber: 'ZELLIC-777', bio: 'Zellwood fan' });
    await place(offset(31, 200), { isServiceProvider: true, businessName: 'Zellwood Secret', licenseNumber: 'ZELLIC-778', businessInfoIsPublic: false });
    await place(offset(32, 200), { isServiceProvider: false, businessName: 'Zellwood Hobby' });
    expect(await found('zellwood', '&type=business')).toEqual(ids(works));
    expect(await found('zellic 777', '&type=credentials')).toEqual(ids(works));
    expect(await found('zellic', '&type=credentials')).toEqual(ids(works));
  });
});

describe('ties with a text query', () => {
  it('pages through members at one address, filtered by text, without repeats or gaps', async () => {
    const at = offset(30, 160);
    const tied: string[] = [];
    for (let i = 0; i < 5; i++) tied.push((await place(at, { bio: 'Tiedo' })).id);
    await place(at, { bio: 'Other' });
    const items = await allPages(`/api/profiles/search?q=tiedo&sort=distance&lat=${center.lat}&lng=${center.lng}&limit=2`);
    expect(items.map((i) => i.id)).toEqual([...tied].sort());
  });
});
