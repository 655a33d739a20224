import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ErrorBody, Project, ProjectDetails, ProjectPage } from '@freemarket/contracts';
import { outbox, projectParticipants, projects } from '../src/db/schema/index.js';
import { call, seedMembers, startSocial, type Member, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());

const garden = { title: 'Community garden', description: 'Turn the empty lot into raised beds', category: 'resources', goals: 'Twelve beds by spring', targetDate: '2031-04-01' };
const start = (by: Member, body: unknown = garden) => call<Project & ErrorBody>(sut, by.id, 'POST', '/api/projects', body);
const join = (by: Member, id: string) => call<Project & ErrorBody>(sut, by.id, 'POST', `/api/projects/${id}/join`);
const leave = (by: Member, id: string) => call<Project & ErrorBody>(sut, by.id, 'POST', `/api/projects/${id}/leave`);

/** The membership events announced for the project, in no particular order. */
async function membershipEvents(projectId: string): Promise<string[]> {
  const rows = await sut.service.runtime.db.select().from(outbox);
  return rows.filter((r) => (r.envelope as { data: { projectId?: string } }).data.projectId === projectId).map((r) => r.type);
}

describe('starting a project', () => {
  it('makes the caller the creator and first participant, active by default, named without their e-mail', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const created = await start(ada!, { ...garden, creatorId: bob!.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...garden,
      status: 'active',
      customCategory: null,
      creatorId: ada!.id,
      creator: { id: ada!.id, firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
      participants: [{ userId: ada!.id }],
      participantCount: 1,
      isParticipant: true,
    });
    expect(JSON.stringify(created.body)).not.toContain('@example.com');
  });

  it('lists the creator among the participants as its creator, since the project started, and announces no join (which would earn points)', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const { body: project } = await start(ada!);
    const details = await call<ProjectDetails>(sut, ada!.id, 'GET', `/api/projects/${project.id}`);
    expect(details.body.participants).toEqual([{ userId: ada!.id, role: 'creator', joinedAt: project.createdAt, member: expect.objectContaining({ firstName: 'Ada' }) }]);
    expect(await counts(project.id)).toEqual({ kept: 1, joined: 1 });
    expect(await membershipEvents(project.id)).toEqual([]);
  });

  it('keeps a custom category only with category other, where it is required', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect((await start(ada!, { ...garden, category: 'other', customCategory: 'Repair café' })).body).toMatchObject({ category: 'other', customCategory: 'Repair café' });
    expect((await start(ada!, { ...garden, category: 'events', customCategory: 'ignored' })).body).toMatchObject({ customCategory: null });
    expect(await start(ada!, { ...garden, category: 'other' })).toMatchObject({ status: 400, body: { message: 'body.customCategory: is required when the category is other' } });
  });

  it('takes a target date that is today anywhere: a member west of UTC may pick their today while UTC is a day on', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    for (const targetDate of [utcDate(-1), utcDate(0), utcDate(1)]) {
      expect((await start(ada!, { ...garden, targetDate })).body).toMatchObject({ status: 'active', targetDate });
    }
    expect((await start(ada!, { ...garden, targetDate: null })).body).toMatchObject({ targetDate: null });
  });

  it.each([
    ['a two-character title', { ...garden, title: 'ab' }, 'body.title: Title must be at least 3 characters'],
    ['a short description', { ...garden, description: 'Too short' }, 'body.description: Description must be at least 10 characters'],
    ['an unknown category', { ...garden, category: 'parties' }, /^body\.category: /],
    ['an unknown status', { ...garden, status: 'paused' }, /^body\.status: /],
    ['a target date that is not a date', { ...garden, targetDate: '2031-02-30' }, /^body\.targetDate: /],
    ['a target date years ago', { ...garden, targetDate: '2020-01-01' }, 'body.targetDate: must be today or later'],
    ['a target date that was yesterday everywhere', { ...garden, targetDate: utcDate(-2) }, 'body.targetDate: must be today or later'],
  ])('refuses %s with a 400, and stores nothing', async (_, body, message) => {
    const [ada] = await seedMembers(sut, 'Ada');
    const refused = await start(ada!, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect(await sut.service.runtime.db.select().from(projects).where(eq(projects.creatorId, ada!.id))).toEqual([]);
  });
});

/** The UTC calendar date `days` from now. */
function utcDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The count kept on the project row, and its participants counted afresh: the two must agree. */
async function counts(projectId: string): Promise<{ kept: number; joined: number }> {
  const db = sut.service.runtime.db;
  const [row] = await db.select({ kept: projects.participantCount }).from(projects).where(eq(projects.id, projectId));
  const [joined] = await db.select({ n: count() }).from(projectParticipants).where(eq(projectParticipants.projectId, projectId));
  return { kept: row!.kept, joined: joined!.n };
}

describe('joining and leaving', () => {
  it('adds the member once however often they join, announces each join and leave, and lets them come back', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const { body: project } = await start(ada!);
    expect((await join(bob!, project.id)).body).toMatchObject({ isParticipant: true, participantCount: 2, participants: [{ userId: ada!.id }, { userId: bob!.id }] });
    expect((await join(bob!, project.id)).body).toMatchObject({ participantCount: 2 });
    expect((await join(cy!, project.id)).body).toMatchObject({ participantCount: 3, participants: [{ userId: ada!.id }, { userId: bob!.id }, { userId: cy!.id }] });
    expect((await leave(bob!, project.id)).body).toMatchObject({ isParticipant: false, participantCount: 2 });
    expect((await leave(bob!, project.id)).body).toMatchObject({ participantCount: 2 });
    expect((await join(bob!, project.id)).body).toMatchObject({ isParticipant: true, participantCount: 3 });
    // Two may share a millisecond, so the announcements are counted rather than ordered.
    expect((await membershipEvents(project.id)).sort()).toEqual(['project.joined', 'project.joined', 'project.joined', 'project.left']);
  });

  it('keeps the participant count on the project through concurrent joins and leaves', async () => {
    const [ada, ...others] = await seedMembers(sut, 'Ada', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6');
    const { body: project } = await start(ada!);
    const joined = await Promise.all(others.flatMap((m) => [join(m, project.id), join(m, project.id)]));
    expect(joined.map((a) => a.status)).toEqual(joined.map(() => 200));
    expect(await counts(project.id)).toEqual({ kept: 7, joined: 7 });
    // Half leave (twice each) while the other half join again.
    await Promise.all([...others.slice(0, 3).flatMap((m) => [leave(m, project.id), leave(m, project.id)]), ...others.slice(3).map((m) => join(m, project.id))]);
    expect(await counts(project.id)).toEqual({ kept: 4, joined: 4 });
    expect((await join(others[0]!, project.id)).body).toMatchObject({ participantCount: 5 });
  });

  it('does not let the creator join or leave their own project (403), and 404s a missing one', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body: project } = await start(ada!);
    expect(await join(ada!, project.id)).toMatchObject({ status: 403, body: { message: 'You created this project' } });
    expect((await leave(ada!, project.id)).status).toBe(403);
    expect((await join(bob!, randomUUID())).status).toBe(404);
    expect((await join(bob!, 'nope')).status).toBe(400);
    expect(await membershipEvents(project.id)).toEqual([]);
  });

  it.each([
    ['a completed', 'completed'],
    ['an archived', 'archived'],
  ] as const)('refuses a join of %s project with a 409, adds no one and announces nothing, but lets a participant leave', async (_, status) => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const { body: project } = await start(ada!);
    await join(bob!, project.id);
    expect((await call(sut, ada!.id, 'PUT', `/api/projects/${project.id}`, { status })).status).toBe(200);
    const before = await membershipEvents(project.id);

    expect(await join(cy!, project.id)).toMatchObject({ status: 409, body: { message: `This project is ${status}: only active projects take new participants` } });
    expect(await counts(project.id)).toEqual({ kept: 2, joined: 2 });
    expect(await membershipEvents(project.id)).toEqual(before);

    expect((await leave(bob!, project.id)).body).toMatchObject({ isParticipant: false, participantCount: 1 });
    expect((await join(bob!, project.id)).status).toBe(409);
    expect((await membershipEvents(project.id)).sort()).toEqual(['project.joined', 'project.left']);
  });

  it('refuses a join of a project started as completed', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body: project } = await start(ada!, { ...garden, status: 'completed' });
    expect((await join(bob!, project.id)).status).toBe(409);
    expect(await counts(project.id)).toEqual({ kept: 1, joined: 1 });
  });
});

describe('finding projects', () => {
  it('filters by category and status, newest first, paging by cursor', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const category = 'pod_classrooms';
    const made: string[] = [];
    for (const status of ['active', 'completed', 'active', 'active']) made.push((await start(ada!, { ...garden, category, status })).body.id);
    const active = [made[3], made[2], made[0]];

    const first = await call<ProjectPage>(sut, ada!.id, 'GET', `/api/projects?category=${category}&status=active&limit=2`);
    const rest = await call<ProjectPage>(sut, ada!.id, 'GET', `/api/projects?category=${category}&status=active&limit=2&cursor=${first.body.nextCursor}`);
    expect([...first.body.items, ...rest.body.items].map((p) => p.id)).toEqual(active);
    expect(rest.body.nextCursor).toBeNull();
    const completed = await call<ProjectPage>(sut, ada!.id, 'GET', '/api/projects?status=completed');
    expect(completed.body.items.every((p) => p.status === 'completed')).toBe(true);
    expect((await call(sut, ada!.id, 'GET', '/api/projects?category=parties')).status).toBe(400);
    expect((await call(sut, ada!.id, 'GET', '/api/projects?limit=51')).status).toBe(400);
  });

  it('shows the details with every participant named, and lets only the creator change the status', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body: project } = await start(ada!);
    await join(bob!, project.id);
    const details = await call<ProjectDetails>(sut, bob!.id, 'GET', `/api/projects/${project.id}`);
    expect(details.body).toMatchObject({ title: 'Community garden', goals: 'Twelve beds by spring', isParticipant: true, participantCount: 2 });
    expect(details.body.participants).toEqual([
      expect.objectContaining({ userId: ada!.id, role: 'creator' }),
      { userId: bob!.id, role: 'collaborator', joinedAt: expect.any(String), member: { id: bob!.id, firstName: 'Bob', lastName: 'Tester', profileImageUrl: null } },
    ]);

    expect(await call(sut, bob!.id, 'PUT', `/api/projects/${project.id}`, { status: 'completed' })).toMatchObject({ status: 403, body: { message: 'Only the creator can change this project' } });
    expect((await call(sut, ada!.id, 'PUT', `/api/projects/${project.id}`, { status: 'done' })).status).toBe(400);
    expect((await call<ProjectDetails>(sut, ada!.id, 'PUT', `/api/projects/${project.id}`, { status: 'completed' })).body).toMatchObject({ status: 'completed', participantCount: 2 });
    expect((await call(sut, ada!.id, 'GET', `/api/projects/${randomUUID()}`)).status).toBe(404);
  });

  it('answers 401 to anyone not signed in', async () => {
    expect(await call(sut, null, 'GET', '/api/projects')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect((await call(sut, null, 'POST', '/api/projects', garden)).status).toBe(401);
  });
});
