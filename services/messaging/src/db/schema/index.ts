import { deletedMembersTable, outboxTable, processedEventsTable, usersProjectionTable, type MemberTables } from '@freemarket/db';
import { messaging } from './messaging.js';

export * from './messaging.js';
export * from './messages.js';
export * from './conversations.js';
export * from './connections.js';
export const outbox = outboxTable(messaging);
export const processedEvents = processedEventsTable(messaging);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(messaging);
/** Members forgotten after `user.deleted`, so a late event about them recreates nothing. */
export const deletedMembers = deletedMembersTable(messaging);
export const members: MemberTables = { users, deletedMembers };
