import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ExportPart } from '@freemarket/contracts';
import { afterReplay, deleteMember } from '@freemarket/testing';
import {
  connections,
  diyContent,
  eventAttendees,
  events,
  posts,
  projectParticipants,
  projects,
  savedTutorials,
  surveyResponses,
  surveys,
  users,
} from '../src/db/schema/index.js';
import { attend, cancelAttendance } from '../src/community-events/repository.js';
import { join as joinProject } from '../src/projects/repository.js';
import { countResponse } from '../src/surveys/repository.js';
import { seedMembers, startSocial, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());

/** One of everything by `author`, with `guest` answering, attending, joining and saving. */
async function activity(author: string, guest: string): Promise<void> {
  const db = sut.service.runtime.db;
  await db.insert(posts).values({ userId: author, content: `post by ${author}` });
  const [survey] = await db.insert(surveys).values({ creatorId: author, title: `survey by ${author}`, questions: [] }).returning();
  // Stored as the service stores one, counted in the survey's totals, so erasing it balances them.
  const [response] = await db.insert(surveyResponses).values({ surveyId: survey!.id, responderId: guest, answers: {} }).returning();
  await countResponse(db, response!);
  const [event] = await db.insert(events).values({ hostUserId: author, title: `event by ${author}`, eventDate: new Date(Date.now() + 86_400_000) }).returning();
  // Through the repository, so the event's kept count includes the RSVP.
  await attend(db, event!.id, guest);
  const [project] = await db.insert(projects).values({ creatorId: author, title: `project by ${author}`, description: 'd', category: 'events' }).returning();
  // Through the repository, so the project's kept count includes the guest.
  await joinProject(db, project!.id, guest);
  const [tutorial] = await db.insert(diyContent).values({ creatorId: author, title: `tutorial by ${author}` }).returning();
  await db.insert(savedTutorials).values({ userId: guest, tutorialId: tutorial!.id });
}

const snapshot = async () => {
  const db = sut.service.runtime.db;
  return {
    posts: await db.select().from(posts).orderBy(posts.content),
    surveys: await db.select().from(surveys).orderBy(surveys.title),
    responses: await db.select().from(surveyResponses).orderBy(surveyResponses.responderId),
    events: await db.select().from(events).orderBy(events.title),
    attendees: await db.select().from(eventAttendees).orderBy(eventAttendees.userId),
    projects: await db.select().from(projects).orderBy(projects.title),
    participants: await db.select().from(projectParticipants).orderBy(projectParticipants.userId),
    tutorials: await db.select().from(diyContent).orderBy(diyContent.title),
    saved: await db.select().from(savedTutorials).orderBy(savedTutorials.userId),
    connections: await db.select().from(connections).orderBy(connections.requesterId),
  };
};

describe('user.deleted in social', () => {
  it('exports what the member made and took part in', async () => {
    const [author, guest] = await seedMembers(sut, 'Author', 'Guest');
    await activity(author!.id, guest!.id);
    const res = await fetch(`${sut.url}/internal/export`, { headers: await sut.as(guest!.id) });
    const part = (await res.json()) as ExportPart;
    expect(part.lists.posts).toEqual([]);
    expect(part.lists.surveyResponses).toHaveLength(1);
    expect(part.lists.eventsAttended).toHaveLength(1);
    expect(part.lists.projectsJoined).toHaveLength(1);
    expect(part.lists.savedTutorials).toHaveLength(1);
  });

  it('erases everything the member made and every trace of them in others’ things, and ignores a replay', async () => {
    const [gone, kept] = await seedMembers(sut, 'Gone', 'Kept');
    await activity(gone!.id, kept!.id);
    await activity(kept!.id, gone!.id);
    await sut.service.runtime.db.insert(connections).values({ requesterId: gone!.id, addresseeId: kept!.id });

    const event = await deleteMember(sut, users, gone!);
    const after = await snapshot();
    const mentioning = JSON.stringify(after);
    expect(mentioning).not.toContain(gone!.id);
    expect(after.posts.map((p) => p.content)).toContain(`post by ${kept!.id}`);
    expect(after.surveys.map((s) => s.title)).toContain(`survey by ${kept!.id}`);
    expect(after.events.map((e) => e.title)).toContain(`event by ${kept!.id}`);
    expect(after.projects.map((p) => p.title)).toContain(`project by ${kept!.id}`);
    expect(after.tutorials.map((t) => t.title)).toContain(`tutorial by ${kept!.id}`);

    expect(await afterReplay(sut, event, snapshot)).toEqual(after);
  });

  it('takes the member off the counts of the projects they joined', async () => {
    const [gone, kept, creator] = await seedMembers(sut, 'Gone', 'Kept', 'Creator');
    const db = sut.service.runtime.db;
    const [shared, theirs] = await db
      .insert(projects)
      .values([
        { creatorId: creator!.id, title: 'both joined', description: 'd', category: 'events' },
        { creatorId: creator!.id, title: 'gone joined', description: 'd', category: 'events' },
      ])
      .returning();
    await joinProject(db, shared!.id, gone!.id);
    await joinProject(db, shared!.id, kept!.id);
    await joinProject(db, theirs!.id, gone!.id);
    await deleteMember(sut, users, gone!);
    const counts = await db.select({ title: projects.title, n: projects.participantCount }).from(projects).where(eq(projects.creatorId, creator!.id)).orderBy(projects.title);
    expect(counts).toEqual([
      { title: 'both joined', n: 1 },
      { title: 'gone joined', n: 0 },
    ]);
  });

  it('takes the member’s standing RSVPs off their events’ counts, and leaves a cancelled one’s count alone', async () => {
    const [gone, kept, host] = await seedMembers(sut, 'Gone', 'Kept', 'Host');
    const db = sut.service.runtime.db;
    const eventDate = new Date(Date.now() + 86_400_000);
    const [both, cancelled] = await db
      .insert(events)
      .values([
        { hostUserId: host!.id, title: 'both attend', eventDate },
        { hostUserId: host!.id, title: 'gone cancelled', eventDate },
      ])
      .returning();
    for (const e of [both!, cancelled!]) {
      await attend(db, e.id, gone!.id);
      await attend(db, e.id, kept!.id);
    }
    await cancelAttendance(db, cancelled!.id, gone!.id);

    await deleteMember(sut, users, gone!);
    const stored = async () => (await db.select().from(events).where(eq(events.hostUserId, host!.id)).orderBy(events.title)).map((e) => [e.title, e.attendeeCount]);
    expect(await stored()).toEqual([
      ['both attend', 1],
      ['gone cancelled', 1],
    ]);
    expect(await db.select().from(eventAttendees).where(eq(eventAttendees.userId, gone!.id))).toEqual([]);
  });
});
