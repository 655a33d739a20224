import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PRIVACY_FLAGS, PRIVACY_SECTION_FIELDS, type Profile } from '@freemarket/contracts';
import { outbox, profiles } from '../src/db/schema/index.js';
import { everySectionPrivate, everySectionPublic } from './_fixtures.js';
import { call, newMember, newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

const profileCount = async () => (await sut.service.runtime.db.select({ id: profiles.id }).from(profiles)).length;
const eventsOf = async (profileId: string) =>
  (await sut.service.runtime.db.select().from(outbox).orderBy(outbox.createdAt)).map((r) => r.envelope as { type: string; data: { profileId: string } }).filter((e) => e.data.profileId === profileId);

describe('creating and reading a profile', () => {
  it('creates the member’s profile, returns it with its id, and announces profile.created with the kinds and section privacy', async () => {
    const ada = await newMember(sut, { firstName: 'Ada', lastName: 'Lovelace' });
    const created = await call<Profile>(sut, ada.id, 'POST', '/api/profiles', { title: 'Engineer', latitude: '37.7749', longitude: -122.4194, isPoliticalCandidate: true, eventsIsPublic: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: ada.id,
      title: 'Engineer',
      latitude: '37.7749000',
      longitude: '-122.4194000',
      averageRating: '0.00',
      reviewCount: 0,
      contactInfoIsPublic: true,
      user: { id: ada.id, firstName: 'Ada', lastName: 'Lovelace', email: ada.email },
    });
    const read = await call<Profile>(sut, ada.id, 'GET', `/api/profiles/user/${ada.id}`);
    expect(read).toMatchObject({ status: 200, body: { id: created.body.id } });
    expect(await eventsOf(created.body.id)).toEqual([
      expect.objectContaining({
        type: 'profile.created',
        data: expect.objectContaining({ userId: ada.id, isPoliticalCandidate: true, isServiceProvider: false, eventsIsPublic: false, itemsForSaleIsPublic: true }),
      }),
    ]);
  });

  it('answers 404 for a member without a profile, which is how identity learns there is none', async () => {
    const viewer = await newMember(sut);
    expect(await call(sut, viewer.id, 'GET', '/api/profiles/user/dev-nobody')).toEqual({ status: 404, body: { message: 'Profile not found' } });
  });

  it('refuses a second profile for the same member with 409', async () => {
    const { member } = await newProfile(sut);
    expect((await call(sut, member.id, 'POST', '/api/profiles', { title: 'Again' })).status).toBe(409);
  });

  it('answers 401 Unauthorized without an identity, before looking at the input', async () => {
    expect(await call(sut, null, 'POST', '/api/profiles', { latitude: 500 })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect((await call(sut, null, 'GET', '/api/profiles/user/anyone')).status).toBe(401);
  });
});

describe('updating a profile', () => {
  it('lets the owner change fields, keeps the ones left out, and announces profile.updated', async () => {
    const { member, profile } = await newProfile(sut, { title: 'Plumber', bio: 'Pipes' });
    const res = await call<Profile>(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { title: 'Master Plumber', isServiceProvider: true, latitude: '', longitude: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Master Plumber', bio: 'Pipes', isServiceProvider: true, latitude: null, longitude: null });
    expect((await eventsOf(profile.id)).map((e) => e.type)).toEqual(['profile.created', 'profile.updated']);
  });

  it('ignores fields a client may echo back but must not set (rating, counts, owner)', async () => {
    const { member, profile } = await newProfile(sut);
    const res = await call<Profile>(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { ...profile, averageRating: '5.00', reviewCount: 99, userId: 'dev-other' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ averageRating: '0.00', reviewCount: 0, userId: member.id });
  });

  it('refuses another member’s profile with 403 and an unknown one with 404', async () => {
    const { profile } = await newProfile(sut, { title: 'Mine' });
    const intruder = await newMember(sut);
    expect((await call(sut, intruder.id, 'PUT', `/api/profiles/${profile.id}`, { title: 'Yours' })).status).toBe(403);
    expect((await call(sut, intruder.id, 'PUT', `/api/profiles/${crypto.randomUUID()}`, { title: 'Nobody' })).status).toBe(404);
    const [row] = await sut.service.runtime.db.select({ title: profiles.title }).from(profiles).where(eq(profiles.id, profile.id));
    expect(row!.title).toBe('Mine');
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a latitude above 90', { latitude: 90.5, longitude: 0 }, 'body.latitude: must be between -90 and 90'],
    ['a longitude below -180', { latitude: 0, longitude: '-180.01' }, 'body.longitude: must be between -180 and 180'],
    ['a latitude that is not a number', { latitude: 'north', longitude: 1 }, 'body.latitude: must be a decimal number'],
    ['a latitude without a longitude', { latitude: 10 }, 'body.longitude'],
    ['a latitude left empty beside a longitude', { latitude: '', longitude: 5 }, 'body.latitude'],
    ['a NUL character in the bio', { bio: 'a\u0000b' }, 'body.bio'],
    ['an over-long title', { title: 'x'.repeat(201) }, 'body.title'],
    ['an over-long bio', { bio: 'x'.repeat(5001) }, 'body.bio'],
    ['a huge employee count', { employeeCount: 1e12 }, 'body.employeeCount'],
    ['a fractional years in business', { yearsInBusiness: 2.5 }, 'body.yearsInBusiness'],
    ['an unknown payment form', { paymentMethodsAccepted: ['Bitcoin'] }, 'body.paymentMethodsAccepted.0'],
    ['an unknown business value', { businessValues: ['Synergy'] }, 'body.businessValues.0'],
    ['a script link as website', { website: 'javascript:alert(1)' }, 'body.website: Enter a web address starting with https://'],
    // The profile form adds the https:// a member leaves off; the API takes only a whole address.
    ['a website without its scheme', { website: 'alicebakes.example.com' }, 'body.website: Enter a web address starting with https://'],
    ['a flag that is not a boolean', { isServiceProvider: 'yes' }, 'body.isServiceProvider'],
  ];
  it.each(cases)('answers 400 naming the field (and for a coordinate or address, why) for %s, and writes nothing', async (_label, body, field) => {
    const member = await newMember(sut);
    const before = await profileCount();
    const res = await call<{ message: string }>(sut, member.id, 'POST', '/api/profiles', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await profileCount()).toBe(before);
  });

  it('answers 400 for a profile id that is not a uuid', async () => {
    const member = await newMember(sut);
    const res = await call<{ message: string }>(sut, member.id, 'PUT', '/api/profiles/42', { title: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('params.id');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const member = await newMember(sut);
    const res = await fetch(`${sut.url}/api/profiles`, { method: 'POST', headers: { ...(await sut.as(member.id)), 'content-type': 'application/json' }, body: '{"title":' });
    expect(res.status).toBe(400);
  });
});

describe('privacy of the ten sections', () => {
  it.each(PRIVACY_FLAGS)('hides the %s section from other members and shows it to the owner', async (flag) => {
    const { member, profile } = await newProfile(sut, { ...everySectionPublic, [flag]: false });
    const viewer = await newMember(sut);
    const seen = (await call<Record<string, unknown>>(sut, viewer.id, 'GET', `/api/profiles/user/${member.id}`)).body;
    const own = (await call<Record<string, unknown>>(sut, member.id, 'GET', `/api/profiles/user/${member.id}`)).body;
    for (const field of PRIVACY_SECTION_FIELDS[flag]) {
      expect(seen, `${field} is hidden`).not.toHaveProperty(field);
      expect(own, `${field} is shown to the owner`).toHaveProperty(field);
    }
    // Every other section stays visible.
    for (const other of PRIVACY_FLAGS.filter((f) => f !== flag)) for (const field of PRIVACY_SECTION_FIELDS[other]) expect(seen).toHaveProperty(field);
    expect(seen[flag]).toBe(false);
    expect(seen.id).toBe(profile.id);
  });

  it('withholds the member’s email with the contact section', async () => {
    const { member } = await newProfile(sut, { contactInfoIsPublic: false });
    const viewer = await newMember(sut);
    expect((await call<Profile>(sut, viewer.id, 'GET', `/api/profiles/user/${member.id}`)).body.user.email).toBeNull();
    expect((await call<Profile>(sut, member.id, 'GET', `/api/profiles/user/${member.id}`)).body.user.email).toBe(member.email);
  });

  it('shows every section of a fully private profile to its owner only', async () => {
    const { member } = await newProfile(sut, everySectionPrivate);
    const viewer = await newMember(sut);
    const seen = (await call<Record<string, unknown>>(sut, viewer.id, 'GET', `/api/profiles/user/${member.id}`)).body;
    const hidden = PRIVACY_FLAGS.flatMap((f) => PRIVACY_SECTION_FIELDS[f]);
    for (const field of hidden) expect(seen).not.toHaveProperty(field);
    expect(seen).toMatchObject({ title: 'Master Electrician', isServiceProvider: true, isPoliticalCandidate: true });
    const own = (await call<Record<string, unknown>>(sut, member.id, 'GET', `/api/profiles/user/${member.id}`)).body;
    for (const field of hidden) expect(own).toHaveProperty(field);
  });
});
