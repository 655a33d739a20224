import { deletedMembersTable, outboxTable, processedEventsTable, usersProjectionTable, type MemberTables } from '@freemarket/db';
import { commerce } from './commerce-schema.js';

export * from './commerce-schema.js';
export * from './transactions.js';
export * from './items-for-sale.js';
export * from './tutorials.js';
export * from './stripe-events.js';
export * from './expenses.js';
export * from './member-profiles.js';
export const outbox = outboxTable(commerce);
export const processedEvents = processedEventsTable(commerce);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(commerce);
/** Members forgotten after `user.deleted`, so a late event about them recreates nothing. */
export const deletedMembers = deletedMembersTable(commerce);
export const members: MemberTables = { users, deletedMembers };
export type UserRow = typeof users.$inferSelect;
