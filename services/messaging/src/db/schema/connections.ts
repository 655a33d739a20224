import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { messaging } from './messaging.js';

/**
 * The accepted connections, projected from social's `connection.accepted` and `connection.removed`
 * (broadcast reads it; messaging never reads social's tables). Keyed by connection id: social never
 * reuses an id after removing it, so a removal is final and wins whichever event arrives first.
 */
export const acceptedConnections = messaging.table(
  'accepted_connections',
  {
    connectionId: uuid('connection_id').primaryKey(),
    requesterId: text('requester_id').notNull(),
    addresseeId: text('addressee_id').notNull(),
    /** Set by `connection.removed`; the row stays as a tombstone so a late `accepted` cannot revive it. */
    removedAt: timestamp('removed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('accepted_connections_requester_idx').on(t.requesterId), index('accepted_connections_addressee_idx').on(t.addresseeId)],
);
