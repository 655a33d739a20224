import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { PRIVACY_FLAGS, PRIVACY_SECTION_FIELDS, profileSearchItemSchema, profileSearchPageSchema, SEARCH_SCOPES, type ProfileInput, type ProfileSearchPage, type SearchScope, type Skill, type SkillCategory } from '@freemarket/contracts';
import { profiles } from '../src/db/schema/index.js';
import { everySectionPrivate, everySectionPublic } from './_fixtures.js';
import { call, haversineKm, newMember, newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
let viewer: string;
let categories: SkillCategory[];
beforeAll(async () => {
  sut = await startDirectory();
  viewer = (await newMember(sut)).id;
  categories = (await call<SkillCategory[]>(sut, viewer, 'GET', '/api/skill-categories')).body;
});
afterAll(() => sut?.stop());

const search = (query: string, as = viewer) => call<ProfileSearchPage>(sut, as, 'GET', `/api/profiles/search?${query}`);
const ids = async (query: string, as = viewer) => {
  const res = await search(query, as);
  expect(res.status).toBe(200);
  return res.body.items.map((p) => p.id).sort();
};
const sorted = (...list: string[]) => [...list].sort();

async function skillNamed(category: string, name: string): Promise<Skill> {
  const id = categories.find((c) => c.name === category)!.id;
  return (await call<Skill[]>(sut, viewer, 'GET', `/api/skills/category/${id}`)).body.find((s) => s.name === name)!;
}

async function withSkill(fields: ProfileInput, category: string, skill: string, name = {}) {
  const made = await newProfile(sut, fields, name);
  const s = await skillNamed(category, skill);
  expect((await call(sut, made.member.id, 'POST', '/api/user-skills', { profileId: made.profile.id, skillId: s.id })).status).toBe(201);
  return made.profile.id;
}

describe('each search scope finds what its name promises', () => {
  const scope = async (type: SearchScope, q: string) => ids(`type=${type}&q=${encodeURIComponent(q)}`);

  it('all: any public text, not a private section', async () => {
    const hit = (await newProfile(sut, { bio: 'Quillon repairs bicycles' })).profile.id;
    await newProfile(sut, { passions: 'quillon collecting', personalInterestsIsPublic: false });
    expect(await scope('all', 'quillon')).toEqual([hit]);
  });

  it('vocation: title, experience and skills, not the bio', async () => {
    const hit = (await newProfile(sut, { title: 'Varnor Carpenter' })).profile.id;
    const byExperience = (await newProfile(sut, { experience: 'ten years of varnor joinery' })).profile.id;
    await newProfile(sut, { bio: 'I met a varnor once' });
    expect(await scope('vocation', 'varnor')).toEqual(sorted(hit, byExperience));
  });

  it('products: members who sell products, unless that section is private', async () => {
    const hit = (await newProfile(sut, { bio: 'Prodwick jams', sellsProducts: true })).profile.id;
    await newProfile(sut, { bio: 'Prodwick jams', sellsProducts: false });
    await newProfile(sut, { bio: 'Prodwick jams', sellsProducts: true, itemsForSaleIsPublic: false });
    expect(await scope('products', 'prodwick')).toEqual([hit]);
  });

  it('business: business name and service area of service providers only', async () => {
    const byName = (await newProfile(sut, { isServiceProvider: true, businessName: 'Bizzlo Plumbing' })).profile.id;
    const byArea = (await newProfile(sut, { isServiceProvider: true, businessName: 'Pipes', serviceArea: 'Bizzlo Heights' })).profile.id;
    await newProfile(sut, { isServiceProvider: false, businessName: 'Bizzlo Hobby' });
    await newProfile(sut, { isServiceProvider: true, businessName: 'Bizzlo Secret', businessInfoIsPublic: false });
    await newProfile(sut, { isServiceProvider: true, bio: 'bizzlo in the bio' });
    expect(await scope('business', 'bizzlo')).toEqual(sorted(byName, byArea));
  });

  it('skills: skill names and categories, not the bio, not private professional info', async () => {
    const hit = await withSkill({ title: 'Hive keeper' }, 'Agriculture', 'Beekeeping');
    await newProfile(sut, { bio: 'beekeeping is my dream' });
    await withSkill({ professionalInfoIsPublic: false }, 'Agriculture', 'Beekeeping');
    expect(await scope('skills', 'beekeep')).toEqual([hit]);
    expect(await scope('skills', 'agricult')).toEqual([hit]);
  });

  it('matches a word longer than eight letters as the start of a word, not by its first eight letters alone', async () => {
    const tree = (await newProfile(sut, { bio: 'Zanthoxylum trees for sale' })).profile.id;
    const oil = (await newProfile(sut, { bio: 'Zanthoxyl oil pressed weekly' })).profile.id;
    expect(await scope('all', 'zanthoxylu')).toEqual([tree]);
    expect(await scope('all', 'zanthoxyl')).toEqual(sorted(tree, oil));
    expect(await scope('all', 'zanthoxylum trees')).toEqual([tree]);
  });

  it('skills nearest first: only profiles holding the words, nearest first, a long word included', async () => {
    const here = { latitude: 44.9778, longitude: -93.265 };
    const near = await withSkill({ ...here, title: 'Hive keeper' }, 'Agriculture', 'Beekeeping');
    const far = await withSkill({ latitude: 45.2, longitude: -93.265 }, 'Agriculture', 'Beekeeping');
    await newProfile(sut, { ...here, bio: 'beekeeping is my dream' });
    const page = await search(`type=skills&q=beekeeping&lat=${here.latitude}&lng=${here.longitude}&radius=50&sort=distance`);
    expect(page.status).toBe(200);
    expect(page.body.items.map((p) => p.id)).toEqual([near, far]);
  });

  it('people: member names, not titles', async () => {
    const hit = (await newProfile(sut, {}, { firstName: 'Peoplia', lastName: 'Smith' })).profile.id;
    await newProfile(sut, { title: 'Peoplia Consulting' });
    expect(await scope('people', 'peoplia')).toEqual([hit]);
  });

  it('properties: members with property for rent or sale', async () => {
    const rent = (await newProfile(sut, { bio: 'Proptor flats', hasPropertyForRent: true })).profile.id;
    const sale = (await newProfile(sut, { bio: 'Proptor house', hasPropertyForSale: true })).profile.id;
    await newProfile(sut, { bio: 'Proptor dreams' });
    expect(await scope('properties', 'proptor')).toEqual(sorted(rent, sale));
  });

  it('resources: non-profits and members who provide a service', async () => {
    const nonProfit = (await newProfile(sut, { bio: 'Resorra pantry', isNonProfit: true })).profile.id;
    const service = (await newProfile(sut, { bio: 'Resorra rides', providesService: true })).profile.id;
    await newProfile(sut, { bio: 'Resorra fan' });
    expect(await scope('resources', 'resorra')).toEqual(sorted(nonProfit, service));
  });

  it('events: hosts of events, festivals and workshops who keep events public', async () => {
    const hit = (await newProfile(sut, { bio: 'Zentho summer music festival' })).profile.id;
    await newProfile(sut, { bio: 'Zentho summer music festival', eventsIsPublic: false });
    await newProfile(sut, { bio: 'Zentho plumbing' });
    expect(await scope('events', 'zentho')).toEqual([hit]);
  });

  it('credentials: certification names, issuers and licence numbers', async () => {
    const { member, profile } = await newProfile(sut, { title: 'Nurse' });
    const cert = { profileId: profile.id, name: 'Registered Nurse', issuer: 'Credora Board of Nursing', licenseNumber: 'RN-777123' };
    expect((await call(sut, member.id, 'POST', '/api/certifications', cert)).status).toBe(201);
    const licensed = (await newProfile(sut, { licenseNumber: 'C10-555999' })).profile.id;
    await newProfile(sut, { bio: 'Credora fan, RN-777123' });
    expect(await scope('credentials', 'credora')).toEqual([profile.id]);
    expect(await scope('credentials', 'RN-777123')).toEqual([profile.id]);
    expect(await scope('credentials', 'C10-555999')).toEqual([licensed]);
  });

  it('worship: churches, temples, mosques and other faith communities', async () => {
    const church = (await newProfile(sut, { title: 'Worsho Community Church' })).profile.id;
    const mosque = (await newProfile(sut, { bio: 'Worsho mosque and food bank' })).profile.id;
    await newProfile(sut, { bio: 'Worsho bakery' });
    expect(await scope('worship', 'worsho')).toEqual(sorted(church, mosque));
  });

  it('schools: schools, academies and members open to teaching or tutoring', async () => {
    const school = (await newProfile(sut, { title: 'Scholo Montessori School' })).profile.id;
    const tutor = (await newProfile(sut, { bio: 'Scholo neighbour', openToTeachingTutoring: true })).profile.id;
    await newProfile(sut, { bio: 'Scholo neighbour', openToTeachingTutoring: true, opportunitiesIsPublic: false });
    await newProfile(sut, { bio: 'Scholo plumbing' });
    expect(await scope('schools', 'scholo')).toEqual(sorted(school, tutor));
  });
});

describe('filters', () => {
  it('narrows by profile kind, open-to flags (only when public), minimum rating and category', async () => {
    const word = 'filtrix';
    const provider = (await newProfile(sut, { bio: word, isServiceProvider: true, openToMentoring: true, openToVolunteering: true })).profile.id;
    const nonProfit = (await newProfile(sut, { bio: word, isNonProfit: true, openToMentoring: true, opportunitiesIsPublic: false })).profile.id;
    const farmer = await withSkill({ bio: word }, 'Agriculture', 'Farming');
    await sut.service.runtime.db.update(profiles).set({ averageRating: '4.50' }).where(eq(profiles.id, provider));
    await sut.service.runtime.db.update(profiles).set({ averageRating: '3.00' }).where(eq(profiles.id, nonProfit));
    expect(await ids(`q=${word}&kind=serviceProvider`)).toEqual([provider]);
    expect(await ids(`q=${word}&kind=nonProfit`)).toEqual([nonProfit]);
    expect(await ids(`q=${word}&openTo=mentoring`)).toEqual([provider]);
    expect(await ids(`q=${word}&openTo=mentoring,volunteering`)).toEqual([provider]);
    expect(await ids(`q=${word}&minRating=3.5`)).toEqual([provider]);
    expect(await ids(`q=${word}&minRating=3`)).toEqual(sorted(provider, nonProfit));
    const agriculture = categories.find((c) => c.name === 'Agriculture')!;
    expect(await ids(`q=${word}&category=${agriculture.id}`)).toEqual([farmer]);
    expect(await ids(`q=${word}&category=agriculture`)).toEqual([farmer]);
    expect(await ids(`q=${word}&category=Basket%20Weaving`)).toEqual([]);
  });
});

describe('sorting and Load More', () => {
  it('sorts by name ignoring case, members without a name last, and pages neither repeat nor skip', async () => {
    const word = 'pagino';
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'foxtrot', 'Golf', 'hotel', 'India', 'juliet', 'kilo', 'Lima', 'mike', 'alpha'];
    const made: { id: string; name: string }[] = [];
    for (const n of names) made.push({ id: (await newProfile(sut, { bio: word }, { firstName: n, lastName: 'X' })).profile.id, name: `${n} X`.toLowerCase() });
    const unnamed = await newMember(sut, { firstName: '', lastName: '' });
    const nameless = (await call<{ id: string }>(sut, unnamed.id, 'POST', '/api/profiles', { bio: word })).body.id;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ProfileSearchPage = (await search(`q=${word}&sort=name&limit=4${cursor ? `&cursor=${cursor}` : ''}`)).body;
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = [...made].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)).map((m) => m.id);
    expect(seen).toEqual([...expected, nameless]);
  });

  it('sorts by rating, highest first with ties by id, across pages', async () => {
    const word = 'ratinga';
    const ratings = ['4.50', '3.00', '5.00', '4.50', '1.25', '4.50', '0.00', '3.00', '2.75'];
    const made: { id: string; rating: string }[] = [];
    for (const rating of ratings) {
      const id = (await newProfile(sut, { bio: word })).profile.id;
      await sut.service.runtime.db.update(profiles).set({ averageRating: rating }).where(eq(profiles.id, id));
      made.push({ id, rating });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ProfileSearchPage = (await search(`q=${word}&sort=rating&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = [...made].sort((a, b) => Number(b.rating) - Number(a.rating) || (a.id < b.id ? -1 : 1)).map((m) => m.id);
    expect(seen).toEqual(expected);
  });

  it('sorts words near a place by rating, pages neither repeating nor skipping', async () => {
    // Pages of 2 and 3 start, end and cross runs of equal ratings.
    const word = 'tierword';
    const near = { lat: 45.5152, lng: -122.6784 };
    const ratings = ['5.00', '4.50', '4.49', '4.75', '5.00', '4.50', '3.00', '0.00', '4.99', '4.50', '5.00', '4.49'];
    const made: { id: string; rating: string }[] = [];
    for (const [i, rating] of ratings.entries()) {
      const id = (await newProfile(sut, { bio: word, latitude: near.lat + i / 1000, longitude: near.lng })).profile.id;
      await sut.service.runtime.db.update(profiles).set({ averageRating: rating }).where(eq(profiles.id, id));
      made.push({ id, rating });
    }
    await newProfile(sut, { bio: word, latitude: near.lat + 1, longitude: near.lng });
    const expected = [...made].sort((a, b) => Number(b.rating) - Number(a.rating) || (a.id < b.id ? -1 : 1)).map((m) => m.id);
    for (const limit of [2, 3, 20]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ProfileSearchPage = (await search(`q=${word}&lat=${near.lat}&lng=${near.lng}&radius=10&sort=rating&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)).body;
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
    }
  });

  it('pages every sort to the end at any page size without repeating or skipping a profile, ties included', async () => {
    const word = 'tiepager';
    const near = { lat: 39.7392, lng: -104.9903 };
    // Shared names, ratings and places, and members without a name: each sort meets ties of its key.
    const spec = [
      ['ana', '4.50', 0], ['ana', '4.50', 0], ['Ana', '3.00', 1], ['bo', '4.50', 1], ['bo', '0.00', 2],
      ['cy', '0.00', 2], ['', '4.50', 3], ['', '0.00', 3], ['dee', '5.00', 4], ['', '5.00', 0],
    ] as const;
    const made: { id: string; name: string | null; rating: number; km: number }[] = [];
    for (const [firstName, rating, step] of spec) {
      const at = { lat: near.lat + step / 100, lng: near.lng };
      const member = await newMember(sut, { firstName, lastName: firstName ? 'T' : '' });
      const id = (await call<{ id: string }>(sut, member.id, 'POST', '/api/profiles', { bio: word, latitude: at.lat, longitude: at.lng })).body.id;
      await sut.service.runtime.db.update(profiles).set({ averageRating: rating }).where(eq(profiles.id, id));
      made.push({ id, name: firstName ? `${firstName} t`.toLowerCase() : null, rating: Number(rating), km: haversineKm(near, at) });
    }
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    const expected = {
      name: [...made].sort((a, b) => (a.name === b.name ? byId(a, b) : a.name === null ? 1 : b.name === null ? -1 : a.name < b.name ? -1 : 1)),
      rating: [...made].sort((a, b) => b.rating - a.rating || byId(a, b)),
      distance: [...made].sort((a, b) => a.km - b.km || byId(a, b)),
    };
    for (const sort of ['name', 'rating', 'distance'] as const) {
      for (const limit of [1, 2, 3, 7]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: ProfileSearchPage = (await search(`q=${word}&sort=${sort}&lat=${near.lat}&lng=${near.lng}&radius=20&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)).body;
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items.map((p) => p.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen, `${sort} by ${limit}`).toEqual(expected[sort].map((m) => m.id));
      }
    }
  });

  it.each(['', 'sort=rating', 'sort=name&type=all'])('answers the plainest search (%s: no words, no place, no filter) with a page', async (query) => {
    await newProfile(sut, { bio: 'anyone' });
    const res = await search(query);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
  });

  it('returns at most the default 20 per page and says whether more follow', async () => {
    const word = 'manyo';
    const rows = Array.from({ length: 25 }, (_, i) => ({ userId: `dev-many-${i}`, bio: word }));
    const inserted = await sut.service.runtime.db.insert(profiles).values(rows).returning({ id: profiles.id });
    const first = (await search(`q=${word}`)).body;
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = (await search(`q=${word}&cursor=${first.nextCursor}`)).body;
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    await sut.service.runtime.db.delete(profiles).where(
      inArray(
        profiles.id,
        inserted.map((r) => r.id),
      ),
    );
  });
});

describe('privacy in search results', () => {
  it('leaves private sections out of results for others, and keeps private contact details unsearchable', async () => {
    const { member, profile } = await newProfile(sut, { ...everySectionPrivate, title: 'Privato Electrician', address: '77 Hiddenlane Rd' });
    const item = (await search('q=privato')).body.items.find((p) => p.id === profile.id)!;
    for (const field of ['address', 'phone', 'website', 'businessHours', 'userSkills', 'certifications']) expect(item).not.toHaveProperty(field);
    expect(item.user.email).toBeNull();
    const own = (await search('q=privato', member.id)).body.items.find((p) => p.id === profile.id)!;
    expect(own).toMatchObject({ address: '77 Hiddenlane Rd', phone: everySectionPrivate.phone, userSkills: [], certifications: [] });
    expect(await ids('q=hiddenlane')).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('555-0142')}`)).toEqual([]);
    const publicOne = (await newProfile(sut, { address: '9 Openlane Rd' })).profile.id;
    expect(await ids('q=openlane')).toEqual([publicOne]);
  });
});

describe('private sections in search matching', () => {
  // Every text field of a section: written into a profile whose section is private, its word finds it in no tab, not even for its owner.
  const textFields = Object.entries(PRIVACY_SECTION_FIELDS).flatMap(([flag, fields]) =>
    fields.filter((f) => typeof everySectionPublic[f as keyof ProfileInput] === 'string').map((field) => [flag, field] as const),
  );
  it.each(textFields)('never matches on %s field %s while the section is private', async (flag, field) => {
    const word = `hush${field.toLowerCase().slice(0, 10)}`;
    const text = field === 'website' ? `https://${word}.example.com` : `${word} ${word}x`;
    const { member } = await newProfile(sut, { ...everySectionPublic, title: 'Quiet', [flag]: false, [field]: text });
    for (const type of SEARCH_SCOPES) {
      expect(await ids(`type=${type}&q=${word}`), type).toEqual([]);
      expect(await ids(`type=${type}&q=${word}`, member.id), `${type}, as the owner`).toEqual([]);
    }
  });
});

describe('privacy of each section in search results', () => {
  const itemFields = Object.keys(profileSearchItemSchema.shape).sort();
  it.each(PRIVACY_FLAGS)('leaves out exactly the %s section for others, shows it to the owner, and sends no field the contract lacks', async (flag) => {
    const word = `sectio${flag.slice(0, 6).toLowerCase()}`;
    const { member, profile } = await newProfile(sut, { ...everySectionPublic, [flag]: false, title: word });
    const hidden = (PRIVACY_SECTION_FIELDS[flag] as readonly string[]).filter((f) => itemFields.includes(f));
    const item = async (as: string) => {
      const res = await search(`q=${word}`, as);
      expect(() => profileSearchPageSchema.parse(res.body)).not.toThrow();
      return res.body.items.find((p) => p.id === profile.id) as unknown as Record<string, unknown>;
    };
    const seen = await item(viewer);
    expect(Object.keys(seen).sort()).toEqual(itemFields.filter((f) => !hidden.includes(f)));
    expect((seen.user as { email: string | null }).email).toBe(flag === 'contactInfoIsPublic' ? null : member.email);
    const own = await item(member.id);
    expect(Object.keys(own).sort()).toEqual(itemFields);
    expect((own.user as { email: string | null }).email).toBe(member.email);
  });
});

describe('bad input', () => {
  const cases: [string, string][] = [
    ['type=weather', 'querystring.type'],
    ['sort=height', 'querystring.sort'],
    ['lat=90.1&lng=0', 'querystring.lat'],
    ['lat=0&lng=-180.5', 'querystring.lng'],
    ['lat=abc&lng=0', 'querystring.lat'],
    ['lat=10', 'querystring.lng'],
    ['lat=1&lng=1&radius=0', 'querystring.radius'],
    ['lat=1&lng=1&radius=-5', 'querystring.radius'],
    ['lat=1&lng=1&radius=501', 'querystring.radius'],
    ['radius=10', 'querystring.lat'],
    ['sort=distance', 'querystring.lat'],
    ['limit=101', 'querystring.limit'],
    ['limit=0', 'querystring.limit'],
    ['limit=99999999999999999999', 'querystring.limit'],
    [`q=${'x'.repeat(201)}`, 'querystring.q'],
    ['kind=alien', 'querystring.kind'],
    ['openTo=flying', 'querystring.openTo'],
    ['minRating=5.5', 'querystring.minRating'],
    ['cursor=not-a-cursor', 'querystring.cursor'],
  ];
  it.each(cases)('answers 400 naming the field for %s', async (query, field) => {
    const res = await call<{ message: string }>(sut, viewer, 'GET', `/api/profiles/search?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('refuses a cursor made for another sort', async () => {
    const word = 'cursorix';
    for (let i = 0; i < 3; i++) await newProfile(sut, { bio: word });
    const byName = (await search(`q=${word}&sort=name&limit=1`)).body.nextCursor!;
    const res = await call<{ message: string }>(sut, viewer, 'GET', `/api/profiles/search?q=${word}&sort=rating&cursor=${byName}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('querystring.cursor');
  });

  it('answers 400 naming the field, not 500, for a cursor or a category holding a NUL character', async () => {
    const forged = Buffer.from(JSON.stringify({ sort: 'name', key: 'a\u0000b', id: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    const res = await call<{ message: string }>(sut, viewer, 'GET', `/api/profiles/search?sort=name&cursor=${forged}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('querystring.cursor');
    const category = await call<{ message: string }>(sut, viewer, 'GET', '/api/profiles/search?category=%00');
    expect(category).toEqual({ status: 400, body: { message: 'querystring.category: must not contain the NUL character' } });
  });

  it('treats tsquery syntax in the text as plain words', async () => {
    expect((await search(`q=${encodeURIComponent("a & | ! :* ( ' \\")}`)).status).toBe(200);
  });
});
