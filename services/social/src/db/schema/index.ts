import { deletedMembersTable, outboxTable, processedEventsTable, usersProjectionTable, type MemberTables } from '@freemarket/db';
import { social } from './social.js';

export * from './social.js';
export * from './connections.js';
export const outbox = outboxTable(social);
export const processedEvents = processedEventsTable(social);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(social);
/** Members forgotten after `user.deleted`, so a late event about them recreates nothing. */
export const deletedMembers = deletedMembersTable(social);
export const members: MemberTables = { users, deletedMembers };
export type UserRow = typeof users.$inferSelect;
export * from './posts.js';
export * from './surveys.js';
export * from './events.js';
export * from './member-profiles.js';
export * from './projects.js';
export * from './tutorials.js';
