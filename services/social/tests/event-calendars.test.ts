import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed, CalendarFeedStatus, CommunityEvent } from '@freemarket/contracts';
import { call, inDays, seedMembers, startSocial, type Member, type SocialUnderTest } from './_util.js';

let sut: SocialUnderTest;
beforeAll(async () => {
  sut = await startSocial();
});
afterAll(() => sut?.stop());


const host = (by: Member, body: unknown) => call<CommunityEvent>(sut, by.id, 'POST', '/api/events', body);
const change = (by: Member, id: string, body: unknown) => call<CommunityEvent>(sut, by.id, 'PUT', `/api/events/${id}`, body);

async function eventFile(by: Member, id: string): Promise<{ type: string | null; lines: string[] }> {
  const res = await fetch(`${sut.url}/api/events/${id}/ical`, { headers: await sut.as(by.id) });
  return { type: res.headers.get('content-type'), lines: (await res.text()).split('\r\n') };
}

/** The value of the one property `name` in the file's lines. */
function property(lines: string[], name: string): string | undefined {
  return lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
}

describe('an event’s calendar file', () => {
  it('gives the event with its start, an end an hour later and no calendar name of its own', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const { body: event } = await host(ada!, { title: 'Seed swap', eventDate: '2031-05-04T17:30:00.000Z', location: 'Library' });
    const { type, lines } = await eventFile(ada!, event.id);
    expect(type).toBe('text/calendar; charset=utf-8');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(property(lines, 'SUMMARY')).toBe('Seed swap');
    expect(property(lines, 'LOCATION')).toBe('Library');
    expect(property(lines, 'DTSTART')).toBe('20310504T173000Z');
    expect(property(lines, 'DTEND')).toBe('20310504T183000Z');
    expect(property(lines, 'SEQUENCE')).toBe('0');
    // A calendar name makes some apps import the one event as a new calendar.
    expect(lines.filter((l) => l.startsWith('X-WR-CALNAME') || l.startsWith('NAME'))).toEqual([]);
  });

  it('carries a higher SEQUENCE after every change, so calendar apps take the new time', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    const { body: event } = await host(ada!, { title: 'Seed swap', eventDate: inDays(3) });
    const sequence = async () => Number(property((await eventFile(ada!, event.id)).lines, 'SEQUENCE'));
    expect(await sequence()).toBe(0);

    expect((await change(ada!, event.id, { title: 'Seed swap', eventDate: inDays(4) })).status).toBe(200);
    const first = await sequence();
    expect(first).toBeGreaterThan(0);
    // Changed again at once, within the same second: the number still grows.
    const moved = '2031-06-01T09:15:00.000Z';
    expect((await change(ada!, event.id, { title: 'Seed swap', eventDate: moved })).status).toBe(200);
    const second = await sequence();
    expect(second).toBeGreaterThan(first);
    expect(property((await eventFile(ada!, event.id)).lines, 'DTSTART')).toBe('20310601T091500Z');
  });
});

describe('the private calendar feed', () => {
  const feedStatus = (by: Member) => call<CalendarFeedStatus>(sut, by.id, 'GET', '/api/events/calendar-feed');

  it('serves a member’s private feed of the events they attend or host, until they ask for a new address', async () => {
    const [ada, bob] = await seedMembers(sut, 'Ada', 'Bob');
    const { body: mine } = await host(bob!, { title: 'Bob hosts', eventDate: inDays(6) });
    const { body: going } = await host(ada!, { title: 'Bob goes', eventDate: inDays(7) });
    await host(ada!, { title: 'Bob skips', eventDate: inDays(8) });
    expect((await call(sut, bob!.id, 'POST', `/api/events/${going.id}/attend`, {})).status).toBe(200);

    const { status, body: feed } = await call<CalendarFeed>(sut, bob!.id, 'POST', '/api/events/calendar-feed');
    expect(status).toBe(201);
    expect(feed.path).toMatch(/^\/api\/events\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const anonymous = await fetch(`${sut.url}${feed.path}`);
    expect(anonymous.status).toBe(200);
    const lines = (await anonymous.text()).split('\r\n');
    expect(lines).toContain(`UID:${mine.id}@freemarket`);
    expect(lines).toContain('SUMMARY:Bob goes');
    expect(lines.join('\n')).not.toContain('Bob skips');
    // The feed is a calendar of its own, named, and every event in it lasts the default hour.
    expect(property(lines, 'X-WR-CALNAME')).toBe('FreeMarket events');
    expect(lines.filter((l) => l.startsWith('DTEND:'))).toHaveLength(2);

    const { body: renewed } = await call<CalendarFeed>(sut, bob!.id, 'POST', '/api/events/calendar-feed');
    expect((await fetch(`${sut.url}${feed.path}`)).status).toBe(404);
    expect((await fetch(`${sut.url}${renewed.path}`)).status).toBe(200);
    expect((await fetch(`${sut.url}/api/events/calendar/guess.ics`)).status).toBe(400);
  });

  it('tells the member whether they have an address and since when, never the address itself', async () => {
    const [ada] = await seedMembers(sut, 'Ada');
    expect(await feedStatus(ada!)).toEqual({ status: 200, body: { createdAt: null } });

    const before = Date.now();
    const { body: feed } = await call<CalendarFeed>(sut, ada!.id, 'POST', '/api/events/calendar-feed');
    const { body: status } = await feedStatus(ada!);
    expect(Object.keys(status)).toEqual(['createdAt']);
    expect(Date.parse(status.createdAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(status)).not.toContain(feed.path.slice('/api/events/calendar/'.length, -'.ics'.length));

    expect((await call(sut, null, 'GET', '/api/events/calendar-feed')).status).toBe(401);
  });
});
