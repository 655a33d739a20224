import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SKILL_CATALOG, type Certification, type Envelope, type Profile, type ProfileSearchPage, type Skill, type SkillCategory, type UserSkill } from '@freemarket/contracts';
import { certifications, outbox, userSkills } from '../src/db/schema/index.js';
import { call, newMember, newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
let viewer: string;
let categories: SkillCategory[];
let trades: Skill[];
beforeAll(async () => {
  sut = await startDirectory();
  viewer = (await newMember(sut)).id;
  categories = (await call<SkillCategory[]>(sut, viewer, 'GET', '/api/skill-categories')).body;
  trades = (await call<Skill[]>(sut, viewer, 'GET', `/api/skills/category/${categories.find((c) => c.name === 'Trades')!.id}`)).body;
});
afterAll(() => sut?.stop());

const skillsSearch = async (q: string) => (await call<ProfileSearchPage>(sut, viewer, 'GET', `/api/profiles/search?type=skills&q=${q}`)).body.items.map((p) => p.id);

describe('the skill catalogue', () => {
  it('has the eight landing categories with icons and colours, and their skills', async () => {
    expect(categories.map((c) => c.name).sort()).toEqual(['Agriculture', 'Creative', 'Education', 'Medical', 'Non-Profit', 'Political', 'Technology', 'Trades']);
    for (const c of categories) expect(c.color).toMatch(/^#[0-9A-F]{6}$/);
    expect(trades.map((s) => s.name)).toEqual(expect.arrayContaining(['Electrical', 'Plumbing', 'Carpentry']));
    expect(trades).toHaveLength(SKILL_CATALOG.find((c) => c.name === 'Trades')!.skills.length);
  });

  it('is seeded once however often the service starts', async () => {
    const { seedReferenceData } = await import('../src/seed/reference-data.js');
    await seedReferenceData(sut.service.runtime.db);
    const again = (await call<SkillCategory[]>(sut, viewer, 'GET', '/api/skill-categories')).body;
    expect(again).toEqual(categories);
  });

  it('announces every skill with its category at start, for the services that file things under skills', async () => {
    const rows = await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, 'skill.upserted'));
    const announced = rows.map((r) => (r.envelope as Envelope<'skill.upserted'>).data);
    const plumbing = trades.find((s) => s.name === 'Plumbing')!;
    expect(announced).toContainEqual({ skillId: plumbing.id, name: 'Plumbing', categoryId: plumbing.categoryId, categoryName: 'Trades' });
    expect(new Set(announced.map((a) => a.skillId)).size).toBe(SKILL_CATALOG.reduce((n, c) => n + c.skills.length, 0));
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    expect((await call(sut, viewer, 'GET', `/api/skills/category/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call(sut, viewer, 'GET', '/api/skills/category/trades')).status).toBe(400);
  });
});

describe('user skills', () => {
  it('lets the owner add a skill with experience and rate, shows it on the profile, and makes it searchable', async () => {
    const { member, profile } = await newProfile(sut, { title: 'Handy' });
    const plumbing = trades.find((s) => s.name === 'Plumbing')!;
    const res = await call<UserSkill>(sut, member.id, 'POST', '/api/user-skills', { profileId: profile.id, skillId: plumbing.id, yearsExperience: 12, hourlyRate: 85.5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ profileId: profile.id, yearsExperience: 12, hourlyRate: '85.50', skill: { name: 'Plumbing', category: { name: 'Trades' } } });
    expect((await call<Profile>(sut, viewer, 'GET', `/api/profiles/user/${member.id}`)).body.userSkills).toEqual([res.body]);
    expect(await skillsSearch('plumb')).toContain(profile.id);
    expect((await call(sut, member.id, 'DELETE', `/api/user-skills/${res.body.id}`)).status).toBe(204);
    expect(await skillsSearch('plumb')).not.toContain(profile.id);
  });

  it('refuses a skill twice (409), an unknown skill (404) and other members’ profiles and skills (403)', async () => {
    const { member, profile } = await newProfile(sut);
    const intruder = await newMember(sut);
    const body = { profileId: profile.id, skillId: trades[0]!.id };
    const added = await call<UserSkill>(sut, member.id, 'POST', '/api/user-skills', body);
    expect((await call(sut, member.id, 'POST', '/api/user-skills', body)).status).toBe(409);
    expect((await call(sut, member.id, 'POST', '/api/user-skills', { ...body, skillId: crypto.randomUUID() })).status).toBe(404);
    expect((await call(sut, intruder.id, 'POST', '/api/user-skills', { ...body, skillId: trades[1]!.id })).status).toBe(403);
    expect((await call(sut, intruder.id, 'DELETE', `/api/user-skills/${added.body.id}`)).status).toBe(403);
    expect((await call(sut, member.id, 'DELETE', `/api/user-skills/${crypto.randomUUID()}`)).status).toBe(404);
    expect(await sut.service.runtime.db.select().from(userSkills).where(eq(userSkills.profileId, profile.id))).toHaveLength(1);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a rate with three decimals', { hourlyRate: '12.345' }, 'body.hourlyRate'],
    ['a rate given as a float with three decimals', { hourlyRate: 12.345 }, 'body.hourlyRate'],
    ['a negative rate', { hourlyRate: -5 }, 'body.hourlyRate'],
    ['a rate too large for numeric(10,2)', { hourlyRate: '100000000' }, 'body.hourlyRate'],
    ['a fractional number of years', { yearsExperience: 1.5 }, 'body.yearsExperience'],
    ['a huge number of years', { yearsExperience: 1e9 }, 'body.yearsExperience'],
    ['a skill id that is not a uuid', { skillId: 'plumbing' }, 'body.skillId'],
  ];
  it.each(bad)('answers 400 naming the field for %s, and writes nothing', async (_label, change, field) => {
    const { member, profile } = await newProfile(sut);
    const res = await call<{ message: string }>(sut, member.id, 'POST', '/api/user-skills', { profileId: profile.id, skillId: trades[0]!.id, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await sut.service.runtime.db.select().from(userSkills).where(eq(userSkills.profileId, profile.id))).toHaveLength(0);
  });
});

describe('search results', () => {
  it('show the skills and certifications as added and removed, in the order of the profile, and hide them when professional info is private', async () => {
    const { member, profile } = await newProfile(sut, { bio: 'Resulto handyman' });
    const item = async (as = viewer) =>
      (await call<ProfileSearchPage>(sut, as, 'GET', '/api/profiles/search?q=resulto')).body.items.find((p) => p.id === profile.id)!;
    await expect(item()).resolves.toMatchObject({ userSkills: [], certifications: [] });
    const first = await call<UserSkill>(sut, member.id, 'POST', '/api/user-skills', { profileId: profile.id, skillId: trades[2]!.id, yearsExperience: 3, hourlyRate: '40' });
    const second = await call<UserSkill>(sut, member.id, 'POST', '/api/user-skills', { profileId: profile.id, skillId: trades[0]!.id });
    const cert = await call<Certification>(sut, member.id, 'POST', '/api/certifications', { profileId: profile.id, name: 'Resulto Licence', issueDate: '2021-06-01' });
    const shown = (await call<Profile>(sut, viewer, 'GET', `/api/profiles/user/${member.id}`)).body;
    expect(shown.userSkills).toEqual([first.body, second.body]);
    expect(await item()).toMatchObject({ userSkills: shown.userSkills, certifications: [cert.body] });
    expect((await call(sut, member.id, 'DELETE', `/api/user-skills/${first.body.id}`)).status).toBe(204);
    expect((await call(sut, member.id, 'DELETE', `/api/certifications/${cert.body.id}`)).status).toBe(204);
    expect(await item()).toMatchObject({ userSkills: [second.body], certifications: [] });
    expect((await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { professionalInfoIsPublic: false })).status).toBe(200);
    const hidden = await item();
    expect(hidden).not.toHaveProperty('userSkills');
    expect(hidden).not.toHaveProperty('certifications');
    expect((await item(member.id)).userSkills).toEqual([second.body]);
  });
});

describe('certifications', () => {
  it('lets the owner add and remove a certification, which shows on the profile and in credential search', async () => {
    const { member, profile } = await newProfile(sut);
    const res = await call<Certification>(sut, member.id, 'POST', '/api/certifications', {
      profileId: profile.id,
      name: 'Journeyman Electrician',
      issuer: 'Certifo State Board',
      licenseNumber: 'JE-42',
      issueDate: '2020-01-31',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Journeyman Electrician', issuer: 'Certifo State Board', licenseNumber: 'JE-42', issueDate: '2020-01-31', expiryDate: null });
    expect((await call<Profile>(sut, viewer, 'GET', `/api/profiles/user/${member.id}`)).body.certifications).toEqual([res.body]);
    const credentials = async () => (await call<ProfileSearchPage>(sut, viewer, 'GET', '/api/profiles/search?type=credentials&q=certifo')).body.items.map((p) => p.id);
    expect(await credentials()).toEqual([profile.id]);
    expect((await call(sut, member.id, 'DELETE', `/api/certifications/${res.body.id}`)).status).toBe(204);
    expect(await credentials()).toEqual([]);
  });

  it('refuses other members (403), blank or over-long names and bad dates (400)', async () => {
    const { member, profile } = await newProfile(sut);
    const intruder = await newMember(sut);
    const body = { profileId: profile.id, name: 'CPR' };
    expect((await call(sut, intruder.id, 'POST', '/api/certifications', body)).status).toBe(403);
    const mine = await call<Certification>(sut, member.id, 'POST', '/api/certifications', body);
    expect((await call(sut, intruder.id, 'DELETE', `/api/certifications/${mine.body.id}`)).status).toBe(403);
    for (const [change, field] of [
      [{ name: '  ' }, 'body.name'],
      [{ name: 'x'.repeat(201) }, 'body.name'],
      [{ issuer: 'x'.repeat(201) }, 'body.issuer'],
      [{ issueDate: '2020-13-01' }, 'body.issueDate'],
      [{ issueDate: '0000-01-01' }, 'body.issueDate'],
      [{ issueDate: '2024-05-01', expiryDate: '2024-04-30' }, 'body.expiryDate'],
      [{ profileId: 'mine' }, 'body.profileId'],
    ] as const) {
      const res = await call<{ message: string }>(sut, member.id, 'POST', '/api/certifications', { ...body, ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect(await sut.service.runtime.db.select().from(certifications).where(eq(certifications.profileId, profile.id))).toHaveLength(1);
  });
});
