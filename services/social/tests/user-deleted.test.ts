import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ExportPart } from '@freemarket/contracts';
import { queryRows, type Tx } from '@freemarket/db';
import { afterReplay, deleteMember, waitFor } from '@freemarket/testing';
import {
  connections,
  diyContent,
  eventAttendees,
  events,
  outbox,
  posts,
  projectParticipants,
  projects,
  savedTutorials,
  surveyRecipients,
  surveyResponses,
  surveys,
  tutorialEnrolments,
  tutorialViews,
  users,
} from '../src/db/schema/index.js';
import { attend, cancelAttendance } from '../src/community-events/repository.js';
import { eraseMember } from '../src/events/consumers/user-deleted.js';
import { join as joinProject } from '../src/projects/repository.js';
import { countResponse } from '../src/surveys/repository.js';
import { seedMembers, startSocial, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());

/** One of everything by `author`, with `guest` answering, attending, joining, saving and enrolling. */
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
  await db.insert(tutorialEnrolments).values({ transactionId: randomUUID(), userId: guest, tutorialId: tutorial!.id, enrolledAt: new Date() });
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
    enrolments: await db.select().from(tutorialEnrolments).orderBy(tutorialEnrolments.userId),
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
    expect(part.lists.tutorialEnrolments).toHaveLength(1);
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
    // Kept's enrolment was in a tutorial of the member deleted: it goes with the tutorial.
    expect(after.enrolments.map((e) => e.userId)).not.toContain(kept!.id);

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

  it('announces the standing RSVPs to the member’s events still ahead as cancelled, once, as deleting each event would', async () => {
    const [gone, bob, cy] = await seedMembers(sut, 'Gone', 'Bob', 'Cy');
    const db = sut.service.runtime.db;
    const [ahead, past] = await db
      .insert(events)
      .values([
        { hostUserId: gone!.id, title: 'picnic ahead', eventDate: new Date(Date.now() + 86_400_000) },
        { hostUserId: gone!.id, title: 'market last week', eventDate: new Date(Date.now() - 7 * 86_400_000) },
      ])
      .returning();
    await attend(db, ahead!.id, bob!.id);
    await attend(db, ahead!.id, cy!.id);
    await cancelAttendance(db, ahead!.id, cy!.id);
    await db.insert(eventAttendees).values({ eventId: past!.id, userId: cy!.id, createdAt: new Date(Date.now() - 8 * 86_400_000) });
    const cancellations = async () =>
      (await db.select().from(outbox).where(eq(outbox.type, 'event.attendance.cancelled')).orderBy(asc(outbox.createdAt), asc(outbox.id)))
        .map((row) => (row.envelope as { data: { eventId: string } }).data)
        .filter((data) => data.eventId === ahead!.id || data.eventId === past!.id);

    const event = await deleteMember(sut, users, gone!);
    // Bob's RSVP stood; Cy had taken theirs back (announced then), and attended the past event, which keeps its points.
    expect(await cancellations()).toEqual([{ eventId: ahead!.id, userId: bob!.id, reason: 'event_deleted' }]);
    expect(await afterReplay(sut, event, cancellations)).toHaveLength(1);
  });

  // Two members, each the maker of a thing the other takes part in. A third transaction holds the
  // first member's place in the second's thing, so the first erasure stops there holding its own
  // thing, and the second starts meanwhile: erasing in no fixed order, the two wait on each other.
  for (const shared of ['surveys', 'events', 'projects', 'tutorials'] as const) {
    it(`erases two members who share ${shared} at the same time without a deadlock`, async (ctx) => {
      // PGlite runs one transaction at a time, so nothing there can wait on anything.
      if (sut.service.runtime.database.kind === 'pglite') ctx.skip();
      const [first, second] = await seedMembers(sut, 'First', 'Second');
      const hold = await { surveys: shareSurveys, events: shareEvents, projects: shareProjects, tutorials: shareTutorials }[shared](first!.id, second!.id);
      await eraseBothWhileHeld(first!.id, second!.id, hold);
      const db = sut.service.runtime.db;
      const left = await {
        surveys: () => db.select().from(surveyRecipients),
        events: () => db.select().from(eventAttendees),
        projects: () => db.select().from(projectParticipants),
        tutorials: () => db.select().from(tutorialEnrolments),
      }[shared]();
      expect(JSON.stringify(left)).not.toMatch(new RegExp(`${first!.id}|${second!.id}`));
    });
  }
});

type Hold = (tx: Tx) => Promise<unknown>;

/** Each member's survey sent to the other; holding `first`'s place in `second`'s survey. */
async function shareSurveys(first: string, second: string): Promise<Hold> {
  const db = sut.service.runtime.db;
  const [ofFirst, ofSecond] = await db
    .insert(surveys)
    .values([first, second].map((creatorId) => ({ creatorId, title: `survey by ${creatorId}`, questions: [], recipientCount: 1 })))
    .returning();
  await db.insert(surveyRecipients).values([
    { surveyId: ofFirst!.id, recipientId: second },
    { surveyId: ofSecond!.id, recipientId: first },
  ]);
  return (tx) => tx.select().from(surveyRecipients).where(and(eq(surveyRecipients.surveyId, ofSecond!.id), eq(surveyRecipients.recipientId, first))).for('update');
}

/** Each member's event answered by the other; holding `first`'s RSVP to `second`'s event. */
async function shareEvents(first: string, second: string): Promise<Hold> {
  const db = sut.service.runtime.db;
  const [ofFirst, ofSecond] = await db
    .insert(events)
    .values([first, second].map((hostUserId) => ({ hostUserId, title: `event by ${hostUserId}`, eventDate: new Date(Date.now() + 86_400_000) })))
    .returning();
  await attend(db, ofFirst!.id, second);
  await attend(db, ofSecond!.id, first);
  return (tx) => tx.select().from(eventAttendees).where(and(eq(eventAttendees.eventId, ofSecond!.id), eq(eventAttendees.userId, first))).for('update');
}

/**
 * Each member's tutorial enrolled in by the other; holding `first`'s view of a third member's
 * tutorial, which `first`'s erasure reaches after its own tutorial's cascade took `second`'s enrolment.
 */
async function shareTutorials(first: string, second: string): Promise<Hold> {
  const db = sut.service.runtime.db;
  const [ofFirst, ofSecond, ofThird] = await db
    .insert(diyContent)
    .values([first, second, `third-${randomUUID()}`].map((creatorId) => ({ creatorId, title: `tutorial by ${creatorId}` })))
    .returning();
  await db.insert(tutorialEnrolments).values([
    { transactionId: randomUUID(), userId: second, tutorialId: ofFirst!.id, enrolledAt: new Date() },
    { transactionId: randomUUID(), userId: first, tutorialId: ofSecond!.id, enrolledAt: new Date() },
  ]);
  await db.insert(tutorialViews).values({ tutorialId: ofThird!.id, userId: first });
  return (tx) => tx.select().from(tutorialViews).where(and(eq(tutorialViews.tutorialId, ofThird!.id), eq(tutorialViews.userId, first))).for('update');
}

/** Each member's project joined by the other; holding `first`'s place in `second`'s project. */
async function shareProjects(first: string, second: string): Promise<Hold> {
  const db = sut.service.runtime.db;
  const [ofFirst, ofSecond] = await db
    .insert(projects)
    .values([first, second].map((creatorId) => ({ creatorId, title: `project by ${creatorId}`, description: 'd', category: 'events' as const })))
    .returning();
  await joinProject(db, ofFirst!.id, second);
  await joinProject(db, ofSecond!.id, first);
  return (tx) => tx.select().from(projectParticipants).where(and(eq(projectParticipants.projectId, ofSecond!.id), eq(projectParticipants.userId, first))).for('update');
}

/** Erases both members in two transactions, the second started while the first waits on `hold`'s lock; fails on a deadlock. */
async function eraseBothWhileHeld(first: string, second: string, hold: Hold): Promise<void> {
  const { db } = sut.service.runtime;
  const transaction = <T>(fn: (tx: Tx) => Promise<T>) => sut.service.runtime.transaction(fn);
  const erase = (memberId: string) => sut.service.runtime.transaction((tx, emit) => eraseMember(tx, memberId, { emit }));
  const waiting = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const holder = transaction(async (tx) => {
    await hold(tx);
    held();
    await released;
  });
  await holding;
  const erasures = [erase(first)];
  await waitFor('the first erasure to wait for the held row', async () => (await waiting()) === 1);
  erasures.push(erase(second));
  await waitFor('the second erasure to wait too', async () => (await waiting()) === 2);
  release();
  await holder;
  await Promise.all(erasures);
}
