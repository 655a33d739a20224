import { describe, expect, it } from 'vitest';
import type { EventRow } from '../db/schema/index.js';
import { EVENT_DEFAULT_DURATION_MS, revisionOf, toICalendar } from './calendar.js';

const created = new Date('2031-05-01T10:00:00.000Z');
const row: EventRow = {
  id: '7b0c2c55-4f51-4c41-9d0e-0b7c6a4f2a11',
  hostUserId: 'ada',
  title: 'Jam, Food; Fun',
  description: null,
  eventDate: new Date('2031-05-04T17:30:00.000Z'),
  location: null,
  attendeeCount: 0,
  createdAt: created,
  updatedAt: created,
};

describe(toICalendar.name, () => {
  it('escapes the calendar’s name as RFC 5545 TEXT in NAME and X-WR-CALNAME', () => {
    const lines = toICalendar([row], { name: 'Jam, Food; Fun \\ backslash' }).split('\r\n');
    expect(lines).toContain('NAME:Jam\\, Food\\; Fun \\\\ backslash');
    expect(lines).toContain('X-WR-CALNAME:Jam\\, Food\\; Fun \\\\ backslash');
    expect(lines).toContain('SUMMARY:Jam\\, Food\\; Fun');
  });

  it(`ends each event ${EVENT_DEFAULT_DURATION_MS / 60_000} minutes after it starts`, () => {
    const lines = toICalendar([row]).split('\r\n');
    expect(lines).toContain('DTSTART:20310504T173000Z');
    expect(lines).toContain('DTEND:20310504T183000Z');
  });
});

describe(revisionOf.name, () => {
  it('counts the whole seconds from the event’s creation to its last change', () => {
    expect(revisionOf(row)).toBe(0);
    expect(revisionOf({ createdAt: created, updatedAt: new Date(created.getTime() + 2_500) })).toBe(2);
  });
});
