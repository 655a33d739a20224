import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gte, isNull, lt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { EVENT_DAY_COUNT_MAX, type CommunityEvent, type CommunityEventPage, type ErrorBody, type EventDays } from '@freemarket/contracts';
import { waitFor } from '@freemarket/testing';
import { EventService } from '../src/community-events/service.js';
import { eventAttendees, events, memberProfiles, outbox } from '../src/db/schema/index.js';
import { call, inDays, seedMembers, startSocial, type Member, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());

const DAY = 86_400_000;


const host = (by: Member, body: unknown) => call<CommunityEvent & ErrorBody>(sut, by.id, 'POST', '/api/events', body);
const attend = (by: Member, id: string) => call<CommunityEvent & ErrorBody>(sut, by.id, 'POST', `/api/events/${id}/attend`, {});
const list = (by: Member, query: string) => call<CommunityEventPage & ErrorBody>(sut, by.id, 'GET', `/api/events${query}`);

const cancel = (by: Member, id: string) => call(sut, by.id, 'DELETE', `/api/events/${id}/attend`);

/** An event that has taken place: written straight into the table, as the API no longer takes a past date. */
async function pastEvent(by: Member, title: string, daysAgo: number) {
  const [row] = await sut.service.runtime.db.insert(events).values({ hostUserId: by.id, title, eventDate: new Date(Date.now() - daysAgo * DAY) }).returning();
  return row!;
}

/** The count kept on the event row, and the standing RSVPs counted afresh: the two must agree. */
async function counts(eventId: string): Promise<{ kept: number; standing: number }> {
  const db = sut.service.runtime.db;
  const [row] = await db.select({ kept: events.attendeeCount }).from(events).where(eq(events.id, eventId));
  const [standing] = await db
    .select({ n: count() })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), isNull(eventAttendees.cancelledAt)));
  return { kept: row!.kept, standing: standing!.n };
}

async function attendedEvents(eventId: string): Promise<unknown[]> {
  return announced('event.attended', eventId);
}

async function cancelledAttendances(eventId: string): Promise<unknown[]> {
  return announced('event.attendance.cancelled', eventId);
}

async function announced(type: 'event.attended' | 'event.attendance.cancelled', eventId: string): Promise<unknown[]> {
  // In the order they were announced: a table read without an order has none (the relay rewrites rows as it sends them).
  const rows = await sut.service.runtime.db.select().from(outbox).where(eq(outbox.type, type)).orderBy(asc(outbox.createdAt), asc(outbox.id));
  return rows.map((r) => (r.envelope as { data: { eventId: string } }).data).filter((d) => d.eventId === eventId);
}

describe('hosting an event', () => {
  it('makes the caller the host whatever the body says, and answers the created event', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const created = await host(ada!, { title: '  Seed swap  ', description: 'Bring seeds', eventDate: inDays(3), location: 'Library', hostUserId: bob!.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Seed swap',
      description: 'Bring seeds',
      location: 'Library',
      hostUserId: ada!.id,
      host: { id: ada!.id, firstName: 'Ada', lastName: 'Tester', profileImageUrl: null },
      isAttending: false,
      attendeeCount: 0,
    });
    const bare = await host(ada!, { title: 'Walk', eventDate: inDays(4), description: '', location: null });
    expect(bare.body).toMatchObject({ description: null, location: null });
  });

  it.each([
    ['no date', { title: 'Party', eventDate: null }, 'body.eventDate: Please enter a valid date'],
    ['a date that does not parse', { title: 'Party', eventDate: 'next tuesday-ish' }, 'body.eventDate: Please enter a valid date'],
    ['a blank title', { title: ' ', eventDate: inDays(1) }, /^body\.title: /],
    ['a 201-character title', { title: 'x'.repeat(201), eventDate: inDays(1) }, /^body\.title: /],
    ['a date that has passed', { title: 'Party', eventDate: inDays(-1) }, 'body.eventDate: must be in the future'],
    ['a date ten minutes ago', { title: 'Party', eventDate: new Date(Date.now() - 10 * 60_000).toISOString() }, 'body.eventDate: must be in the future'],
    ['a date beyond the calendar’s reach, ten years and a day ahead', { title: 'Party', eventDate: inDays(3653 + 1) }, 'body.eventDate: must be within the next 10 years'],
  ])('refuses %s with a 400, and stores nothing', async (_, body, message) => {
    const [ada] = await seedMembers(sut, 'Ada');
    const refused = await host(ada!, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
    expect(await sut.service.runtime.db.select().from(events).where(eq(events.hostUserId, ada!.id))).toEqual([]);
  });

  it('takes a start a minute ago, for a member whose clock runs a little behind', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect((await host(ada!, { title: 'Starting now', eventDate: new Date(Date.now() - 60_000).toISOString() })).status).toBe(201);
  });

  it('lets the host put right a past event’s details while its date stays, but moves no event into the past', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const past = await pastEvent(ada!, 'Seed swpa', 2);
    const fixed = await call<CommunityEvent>(sut, ada!.id, 'PUT', `/api/events/${past.id}`, { title: 'Seed swap', eventDate: past.eventDate.toISOString() });
    expect(fixed).toMatchObject({ status: 200, body: { title: 'Seed swap', eventDate: past.eventDate.toISOString() } });

    const earlier = await call<ErrorBody>(sut, ada!.id, 'PUT', `/api/events/${past.id}`, { title: 'Seed swap', eventDate: inDays(-3) });
    expect(earlier).toMatchObject({ status: 400, body: { message: 'body.eventDate: must be in the future' } });
    const { body: coming } = await host(ada!, { title: 'Picnic', eventDate: inDays(2) });
    const backwards = await call<ErrorBody>(sut, ada!.id, 'PUT', `/api/events/${coming.id}`, { title: 'Picnic yesterday', eventDate: inDays(-1) });
    expect(backwards).toMatchObject({ status: 400, body: { message: 'body.eventDate: must be in the future' } });
    // Refused changes leave both events as they were.
    const stored = await sut.service.runtime.db.select({ title: events.title, eventDate: events.eventDate }).from(events).where(eq(events.hostUserId, ada!.id)).orderBy(asc(events.eventDate));
    expect(stored).toEqual([
      { title: 'Seed swap', eventDate: past.eventDate },
      { title: 'Picnic', eventDate: new Date(coming.eventDate) },
    ]);
    // An event moved from the past to a later day is fine.
    expect((await call(sut, ada!.id, 'PUT', `/api/events/${past.id}`, { title: 'Seed swap again', eventDate: inDays(7) })).status).toBe(200);
  });

  it('lets only the host change or delete the event (403 for others, 404 for a missing one)', async () => {
    const [ada, eve] = await seedMembers(sut, 'Ada', 'Eve');
    const { body: event } = await host(ada!, { title: 'Seed swap', eventDate: inDays(3) });
    const change = { title: 'Seed and plant swap', eventDate: inDays(5), location: 'Park' };
    expect(await call(sut, eve!.id, 'PUT', `/api/events/${event.id}`, change)).toMatchObject({ status: 403, body: { message: 'Only the host can change this event' } });
    expect((await call(sut, eve!.id, 'DELETE', `/api/events/${event.id}`)).status).toBe(403);
    const changed = await call<CommunityEvent>(sut, ada!.id, 'PUT', `/api/events/${event.id}`, change);
    expect(changed.body).toMatchObject({ title: 'Seed and plant swap', location: 'Park', eventDate: change.eventDate });
    expect((await call(sut, ada!.id, 'PUT', `/api/events/${event.id}`, { title: 'x', eventDate: 'soon' })).status).toBe(400);
    expect((await call(sut, ada!.id, 'DELETE', `/api/events/${event.id}`)).status).toBe(204);
    expect((await call(sut, ada!.id, 'DELETE', `/api/events/${event.id}`)).status).toBe(404);
    expect((await call(sut, ada!.id, 'PUT', `/api/events/${randomUUID()}`, change)).status).toBe(404);
  });
});

describe('RSVP', () => {
  it('counts the member once however often they answer yes, and announces their attendance once', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const { body: event } = await host(ada!, { title: 'Repair café', eventDate: inDays(2) });
    const first = await attend(bob!, event.id);
    expect(first).toMatchObject({ status: 200, body: { isAttending: true, attendeeCount: 1 } });
    expect((await attend(bob!, event.id)).body).toMatchObject({ isAttending: true, attendeeCount: 1 });
    expect((await attend(cy!, event.id)).body).toMatchObject({ attendeeCount: 2 });

    expect((await call(sut, bob!.id, 'DELETE', `/api/events/${event.id}/attend`)).status).toBe(204);
    const [seen] = (await list(ada!, `?from=${inDays(1)}&to=${inDays(3)}`)).body.items.filter((e) => e.id === event.id);
    expect(seen).toMatchObject({ isAttending: false, attendeeCount: 1 });
    expect((await attend(bob!, event.id)).body).toMatchObject({ isAttending: true, attendeeCount: 2 });

    expect(await attendedEvents(event.id)).toEqual([
      { eventId: event.id, userId: bob!.id },
      { eventId: event.id, userId: cy!.id },
    ]);
  });

  it('keeps the count on the event through RSVP, repeated RSVP, cancel, repeated cancel and RSVP again', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const { body: event } = await host(ada!, { title: 'Seed swap', eventDate: inDays(2) });
    expect(await counts(event.id)).toEqual({ kept: 0, standing: 0 });
    await attend(bob!, event.id);
    expect(await counts(event.id)).toEqual({ kept: 1, standing: 1 });
    await attend(bob!, event.id);
    await attend(cy!, event.id);
    expect(await counts(event.id)).toEqual({ kept: 2, standing: 2 });
    expect((await cancel(bob!, event.id)).status).toBe(204);
    expect((await cancel(bob!, event.id)).status).toBe(204);
    // Cancelling without having said yes changes nothing either.
    expect((await cancel(ada!, event.id)).status).toBe(204);
    expect(await counts(event.id)).toEqual({ kept: 1, standing: 1 });
    expect((await attend(bob!, event.id)).body).toMatchObject({ attendeeCount: 2 });
    expect(await counts(event.id)).toEqual({ kept: 2, standing: 2 });
    expect((await cancel(bob!, randomUUID())).status).toBe(404);
  });

  it('counts concurrent RSVPs and cancellations exactly', async () => {
    const [ada, ...guests] = await seedMembers(sut, 'Ada', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8');
    const { body: event } = await host(ada!, { title: 'Town hall', eventDate: inDays(2) });
    // Everyone at once, each twice.
    const answers = await Promise.all(guests.flatMap((g) => [attend(g, event.id), attend(g, event.id)]));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await counts(event.id)).toEqual({ kept: 8, standing: 8 });
    // Half cancel (twice each) while the other half answer yes again, and one cancels and says yes together.
    const [first, ...rest] = guests;
    await Promise.all([
      ...rest.slice(0, 4).flatMap((g) => [cancel(g, event.id), cancel(g, event.id)]),
      ...rest.slice(4).map((g) => attend(g, event.id)),
      cancel(first!, event.id),
      attend(first!, event.id),
    ]);
    const after = await counts(event.id);
    expect(after.kept).toBe(after.standing);
    expect([3, 4]).toContain(after.kept);
    const [listed] = (await list(ada!, `?from=${inDays(1)}&to=${inDays(3)}`)).body.items.filter((e) => e.id === event.id);
    expect(listed!.attendeeCount).toBe(after.kept);
  });

  it('announces a cancelled RSVP while the event is ahead, once, so its points go back', async () => {
    const [ada, bob, cy] = await seedMembers(sut, 'Ada', 'Bob', 'Cy');
    const { body: event } = await host(ada!, { title: 'Farmers market', eventDate: inDays(2) });
    await attend(bob!, event.id);
    expect((await cancel(bob!, event.id)).status).toBe(204);
    // Cancelling again, or without having said yes, announces nothing.
    await cancel(bob!, event.id);
    await cancel(cy!, event.id);
    expect(await cancelledAttendances(event.id)).toEqual([{ eventId: event.id, userId: bob!.id, reason: 'cancelled' }]);
    // Yes again is not announced (the event earned once), and its cancellation is: rewards takes back nothing twice.
    await attend(bob!, event.id);
    await cancel(bob!, event.id);
    expect(await attendedEvents(event.id)).toEqual([{ eventId: event.id, userId: bob!.id }]);
    expect(await cancelledAttendances(event.id)).toHaveLength(2);
  });

  it('keeps quiet about an RSVP cancelled once the event has taken place: the member attended', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const past = await pastEvent(ada!, 'Yesterday’s market', 1);
    await sut.service.runtime.db.insert(eventAttendees).values({ eventId: past.id, userId: bob!.id, createdAt: new Date(Date.now() - 2 * DAY) });
    await sut.service.runtime.db.update(events).set({ attendeeCount: 1 }).where(eq(events.id, past.id));
    expect((await cancel(bob!, past.id)).status).toBe(204);
    expect(await counts(past.id)).toEqual({ kept: 0, standing: 0 });
    expect(await cancelledAttendances(past.id)).toEqual([]);
  });

  it('announces each standing RSVP of an event deleted before it happens, and none of a past event deleted', async () => {
    const [ada, bob, cy, di] = await seedMembers(sut, 'Ada', 'Bob', 'Cy', 'Di');
    const { body: event } = await host(ada!, { title: 'Seed swap', eventDate: inDays(3) });
    await Promise.all([attend(bob!, event.id), attend(cy!, event.id), attend(di!, event.id)]);
    await cancel(di!, event.id);
    expect((await call(sut, ada!.id, 'DELETE', `/api/events/${event.id}`)).status).toBe(204);
    const onDelete = (await cancelledAttendances(event.id)).filter((d) => (d as { reason: string }).reason === 'event_deleted');
    expect(onDelete).toHaveLength(2);
    expect(onDelete).toEqual(expect.arrayContaining([bob!, cy!].map((m) => ({ eventId: event.id, userId: m.id, reason: 'event_deleted' }))));

    const past = await pastEvent(ada!, 'Last week’s swap', 7);
    await sut.service.runtime.db.insert(eventAttendees).values({ eventId: past.id, userId: bob!.id, createdAt: new Date(Date.now() - 8 * DAY) });
    expect((await call(sut, ada!.id, 'DELETE', `/api/events/${past.id}`)).status).toBe(204);
    expect(await cancelledAttendances(past.id)).toEqual([]);
  });

  it('refuses an event that has passed (409), the host’s own (403) and a missing one (404)', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const past = await pastEvent(ada!, 'Yesterday’s picnic', 1);
    expect(await attend(bob!, past.id)).toMatchObject({ status: 409, body: { message: 'This event has already taken place' } });
    const { body: coming } = await host(ada!, { title: 'Picnic', eventDate: inDays(1) });
    expect(await attend(ada!, coming.id)).toMatchObject({ status: 403, body: { message: 'You are hosting this event' } });
    expect((await attend(bob!, randomUUID())).status).toBe(404);
    expect(await attendedEvents(past.id)).toEqual([]);
  });
});

describe('finding events', () => {
  it('lists a calendar window by date, earliest first, paging by cursor without repeats', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const base = Date.now() + 400 * DAY;
    const dates = [5, 1, 3, 2, 4].map((d) => new Date(base + d * 3_600_000).toISOString());
    for (const [i, eventDate] of dates.entries()) await host(ada!, { title: `Event ${i}`, eventDate });
    const window = `from=${new Date(base).toISOString()}&to=${new Date(base + DAY).toISOString()}`;

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CommunityEventPage = (await list(ada!, `?${window}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      seen.push(...page.items.map((e) => e.eventDate));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...dates].sort());
  });

  it('gives the next upcoming events from now on, never one that has passed', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    await pastEvent(ada!, 'Gone', 2);
    await host(ada!, { title: 'Soon', eventDate: inDays(0.5) });
    const upcoming = (await list(ada!, '?upcoming=true&limit=10')).body.items;
    expect(upcoming.length).toBeLessThanOrEqual(10);
    expect(upcoming.map((e) => e.title)).toContain('Soon');
    for (const e of upcoming) expect(Date.parse(e.eventDate)).toBeGreaterThan(Date.now() - 1000);
  });

  it('refuses a window that ends before it starts, spans over a year, or is not a date; and a page over 50', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect((await list(ada!, `?from=${inDays(2)}&to=${inDays(1)}`)).body.message).toMatch(/^querystring\.to: must be after from/);
    expect((await list(ada!, `?from=${inDays(0)}&to=${inDays(400)}`)).status).toBe(400);
    expect((await list(ada!, '?from=someday')).status).toBe(400);
    expect((await list(ada!, '?limit=51')).status).toBe(400);
    expect((await list(ada!, '?upcoming=yes')).status).toBe(400);
  });

  it('shows a member’s hosted and attended events with the host’s name, latest first', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body: one } = await host(ada!, { title: 'One', eventDate: inDays(1) });
    const { body: two } = await host(ada!, { title: 'Two', eventDate: inDays(2) });
    await attend(bob!, one.id);
    await attend(bob!, two.id);
    const hosted = await call<CommunityEventPage>(sut, bob!.id, 'GET', `/api/events/hosted/${ada!.id}`);
    expect(hosted.body.items.map((e) => e.title)).toEqual(['Two', 'One']);
    const attending = await call<CommunityEventPage>(sut, ada!.id, 'GET', `/api/events/attending/${bob!.id}`);
    expect(attending.body.items.map((e) => [e.title, e.host.firstName, e.isAttending])).toEqual([
      ['Two', 'Ada', false],
      ['One', 'Ada', false],
    ]);
  });

  it('keeps the hosted and attended lists of a member who made events private to that member alone', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    await host(ada!, { title: 'Private gathering', eventDate: inDays(1) });
    const profile = { profileId: randomUUID(), userId: ada!.id, isServiceProvider: false, isNonProfit: false, isPoliticalCandidate: false, isCommunityMember: true };
    await sut.publish('profile.updated', { ...profile, eventsIsPublic: false });
    await waitFor('the privacy flag learned', async () => (await sut.service.runtime.db.select().from(memberProfiles).where(eq(memberProfiles.userId, ada!.id))).length === 1);

    for (const list of ['hosted', 'attending']) {
      expect(await call(sut, bob!.id, 'GET', `/api/events/${list}/${ada!.id}`)).toMatchObject({ status: 403, body: { message: 'This member keeps their events private' } });
      expect((await call(sut, ada!.id, 'GET', `/api/events/${list}/${ada!.id}`)).status).toBe(200);
    }
    await sut.publish('profile.updated', { ...profile, eventsIsPublic: true });
    await waitFor('the events public again', async () => (await call(sut, bob!.id, 'GET', `/api/events/hosted/${ada!.id}`)).status === 200);
  });

  it('answers 401 to anyone not signed in', async () => {
    expect(await call(sut, null, 'GET', '/api/events')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect((await call(sut, null, 'POST', '/api/events', { title: 'x', eventDate: inDays(1) })).status).toBe(401);
  });
});

describe('the calendar’s marked days', () => {
  const days = (by: Member, query: string) => call<EventDays & ErrorBody>(sut, by.id, 'GET', `/api/events/days?${query}`);
  /** A month of its own, far ahead, so no other test's events fall in it. */
  const quietMonth = () => 2500 + Math.floor(Math.random() * 400);
  // One formatter per zone: building one is far dearer than formatting, and the test formats ~60,000 instants.
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const localDate = (instant: Date, timeZone: string) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      formatters.set(timeZone, formatter);
    }
    return formatter.format(instant);
  };

  it('marks the days of a month that have events, each day counted as the member’s browser counts it, in their own time zone', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const db = sut.service.runtime.db;
    // An event every half hour from the day before March and November 2031 to the day after: every
    // day boundary of every zone falls between two of them, DST changes (Havana's at midnight) included.
    const year = 2031;
    const instants: Date[] = [];
    for (const month of [2, 10]) {
      const first = Date.UTC(year, month, 1) - DAY;
      for (let t = first; t < Date.UTC(year, month + 1, 1) + DAY; t += 30 * 60_000) instants.push(new Date(t + 60_000));
      await db.delete(events).where(and(gte(events.eventDate, new Date(first)), lt(events.eventDate, new Date(Date.UTC(year, month + 1, 1) + DAY))));
    }
    await db.insert(events).values(instants.map((eventDate, i) => ({ hostUserId: ada!.id, title: `Meet-up ${i}`, eventDate })));

    // Abbreviations mean to Postgres what they do not mean to a browser (IST is Israel's there, India's here).
    for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Havana', 'IST', 'PST', 'CET']) {
      for (const month of ['03', '11']) {
        const expected = new Map<string, number>();
        for (const at of instants) {
          const date = localDate(at, timeZone);
          if (date.startsWith(`${year}-${month}-`)) expected.set(date, (expected.get(date) ?? 0) + 1);
        }
        const next = month === '03' ? '04' : '12';
        const answer = await days(ada!, `from=${year}-${month}-01&to=${year}-${next}-01&timeZone=${encodeURIComponent(timeZone)}`);
        expect(answer.status).toBe(200);
        expect(answer.body.days, `${timeZone}, ${year}-${month}`).toEqual([...expected].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count })));
      }
    }
  });

  it(`counts a busy day up to ${EVENT_DAY_COUNT_MAX}, however many more it has`, async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const year = quietMonth();
    const eventDate = new Date(Date.UTC(year, 5, 10, 12));
    await sut.service.runtime.db.insert(events).values(Array.from({ length: EVENT_DAY_COUNT_MAX + 5 }, (_, i) => ({ hostUserId: ada!.id, title: `Stall ${i}`, eventDate })));
    const answer = await days(ada!, `from=${year}-06-01&to=${year}-07-01&timeZone=UTC`);
    expect(answer.body).toEqual({ days: [{ date: `${year}-06-10`, count: EVENT_DAY_COUNT_MAX }] });
  });

  it.each([
    ['a window that ends where it starts', 'from=2026-03-01&to=2026-03-01&timeZone=UTC', /^querystring\.to: must be after from/],
    ['a window over six weeks', 'from=2026-03-01&to=2026-04-13&timeZone=UTC', /^querystring\.to: must be at most 42 days/],
    ['a date that is not one', 'from=2026-02-30&to=2026-03-01&timeZone=UTC', /^querystring\.from: /],
    ['a time zone that does not exist', 'from=2026-03-01&to=2026-04-01&timeZone=Mars%2FOlympus', /^querystring\.timeZone: must be a time zone name/],
    ['a bare offset, which Postgres would read backwards', 'from=2026-03-01&to=2026-04-01&timeZone=%2B05%3A00', /^querystring\.timeZone: /],
    ['no time zone', 'from=2026-03-01&to=2026-04-01', /^querystring\.timeZone: /],
  ])('refuses %s with a 400', async (_, query, message) => {
    const [ada] = await seedMembers(sut, 'Ada');
    const refused = await days(ada!, query);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(message);
  });

  it('answers 400, not 500, for a zone the browser knows and the database does not', async () => {
    const service = new EventService(sut.service.runtime);
    await expect(service.days({ from: '2026-03-01', to: '2026-04-01', timeZone: 'Mars/Olympus' })).rejects.toMatchObject({ status: 400, message: /^querystring\.timeZone: / });
  });

  it('answers 401 to anyone not signed in', async () => {
    expect((await call(sut, null, 'GET', '/api/events/days?from=2026-03-01&to=2026-04-01&timeZone=UTC')).status).toBe(401);
  });
});
