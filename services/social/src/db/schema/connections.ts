import { sql } from 'drizzle-orm';
import { check, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONNECTION_STATUSES } from '@freemarket/contracts';
import { social } from './social.js';

/**
 * Connections between two members (spec 02 §3). One row per pair whichever side asked; a removed
 * connection's row is deleted, so a connection id is never reused after `connection.removed`.
 */
export const connections = social.table(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: text('requester_id').notNull(),
    addresseeId: text('addressee_id').notNull(),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('pending'),
    /** How many times the current requester has asked (the re-ask limit counts these). */
    requestCount: integer('request_count').notNull().default(1),
    /** When the addressee last accepted or declined; the re-ask cooldown runs from here. */
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connections_pair_uq').on(sql`least(${t.requesterId}, ${t.addresseeId})`, sql`greatest(${t.requesterId}, ${t.addresseeId})`),
    index('connections_requester_idx').on(t.requesterId, t.createdAt, t.id),
    index('connections_addressee_idx').on(t.addresseeId, t.createdAt, t.id),
    check('connections_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
    check('connections_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);
export type ConnectionRow = typeof connections.$inferSelect;
