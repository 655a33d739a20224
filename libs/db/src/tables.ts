import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, primaryKey, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox of one service: the event row commits with the state change it
 * describes, and the relay publishes it afterwards (ARCHITECTURE §4).
 */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      type: text('type').notNull(),
      envelope: jsonb('envelope').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
      attempts: integer('attempts').notNull().default(0),
      lastAttemptedAt: timestamp('last_attempted_at', { withTimezone: true, precision: 3 }),
      lastError: text('last_error'),
      publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    },
    (t) => [
      index('outbox_unpublished_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
      index('outbox_created_at_idx').on(t.createdAt),
    ],
  );
}
export type OutboxTable = ReturnType<typeof outboxTable>;

/** What a consumer has handled: written in the same transaction as the handler's effects. */
export function processedEventsTable(schema: PgSchema) {
  return schema.table(
    'processed_events',
    {
      eventId: uuid('event_id').notNull(),
      consumer: text('consumer').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.eventId, t.consumer] })],
  );
}
export type ProcessedEventsTable = ReturnType<typeof processedEventsTable>;

/**
 * The small users projection every service keeps from `user.upserted` (ARCHITECTURE §1), with
 * whether the member's contact information is public, from the directory's `profile.*`.
 */
export function usersProjectionTable(schema: PgSchema) {
  return schema.table('users', {
    id: text('id').primaryKey(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    contactInfoIsPublic: boolean('contact_info_is_public').notNull().default(true),
    /** occurredAt of the profile event applied, so an older one arriving late changes nothing. */
    profileUpdatedAt: timestamp('profile_updated_at', { withTimezone: true, precision: 3 }),
  });
}
export type UsersProjectionTable = ReturnType<typeof usersProjectionTable>;

/**
 * Members this service has forgotten after `user.deleted`, with when the deletion happened: an
 * event about the member that happened before it (still in flight) recreates nothing.
 */
export function deletedMembersTable(schema: PgSchema) {
  return schema.table('deleted_members', {
    id: text('id').primaryKey(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }).notNull(),
  });
}
export type DeletedMembersTable = ReturnType<typeof deletedMembersTable>;

/** A service's tables about members: the users projection and its tombstones. */
export interface MemberTables {
  users: UsersProjectionTable;
  deletedMembers: DeletedMembersTable;
}
