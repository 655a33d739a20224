import { createHash, randomBytes } from 'node:crypto';
import ical, { escape } from 'ical-generator';
import type { EventRow } from '../db/schema/index.js';

/**
 * How long an event lasts in a calendar app. Events have a start only; without an end, apps show
 * them as zero-length, so every VEVENT gets this default (docs/api.md, Community events).
 */
export const EVENT_DEFAULT_DURATION_MS = 60 * 60 * 1000;

/** A new private calendar token (256 random bits) and the hash that is all we keep of it. */
export function newCalendarToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashCalendarToken(token) };
}

export function hashCalendarToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The event's revision for SEQUENCE: whole seconds from its creation to its last change. Each
 * change moves `updatedAt` on by at least a second (repository `updateEvent`), so a changed event
 * always carries a higher number and calendar apps take the update.
 */
export function revisionOf(row: Pick<EventRow, 'createdAt' | 'updatedAt'>): number {
  return Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000));
}

/**
 * An iCalendar (RFC 5545) file of the events; each keeps its id, so calendar apps update rather
 * than duplicate it. `name` titles a calendar (the subscription feed); a single event's file has
 * none, since a calendar name makes some apps import the file as a calendar of its own.
 */
export function toICalendar(rows: readonly EventRow[], options: { name?: string } = {}): string {
  // ical-generator writes the name as given (NAME and X-WR-CALNAME): escaped here as RFC 5545 TEXT.
  const name = options.name === undefined ? undefined : escape(options.name, false);
  const calendar = ical({ name, prodId: { company: 'FreeMarket', product: 'Community Events', language: 'EN' } });
  for (const row of rows) {
    calendar.createEvent({
      id: `${row.id}@freemarket`,
      sequence: revisionOf(row),
      start: row.eventDate,
      end: new Date(row.eventDate.getTime() + EVENT_DEFAULT_DURATION_MS),
      summary: row.title,
      description: row.description,
      location: row.location,
      stamp: row.updatedAt,
      created: row.createdAt,
      lastModified: row.updatedAt,
    });
  }
  return calendar.toString();
}
