import { createHash, randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import type { EventRow } from '../db/schema/index.js';

/** A new private calendar token (256 random bits) and the hash that is all we keep of it. */
export function newCalendarToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashCalendarToken(token) };
}

export function hashCalendarToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An iCalendar (RFC 5545) file of the events; each keeps its id, so calendar apps update rather than duplicate it. */
export function toICalendar(name: string, rows: readonly EventRow[]): string {
  const calendar = ical({ name, prodId: { company: 'FreeMarket', product: 'Community Events', language: 'EN' } });
  for (const row of rows) {
    calendar.createEvent({
      id: `${row.id}@freemarket`,
      start: row.eventDate,
      summary: row.title,
      description: row.description,
      location: row.location,
      stamp: row.updatedAt,
    });
  }
  return calendar.toString();
}
