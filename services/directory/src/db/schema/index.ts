import { deletedMembersTable, outboxTable, processedEventsTable, usersProjectionTable, type MemberTables } from '@freemarket/db';
import { directory } from './directory.js';

export * from './directory.js';
export * from './profiles.js';
export * from './map-cells.js';
export * from './skill-categories.js';
export * from './skills.js';
export * from './user-skills.js';
export * from './certifications.js';
export * from './reviews.js';
export * from './testimonials.js';
export * from './favorite-businesses.js';
export * from './business-referrals.js';
export * from './proposed-legislation.js';

export const outbox = outboxTable(directory);
export const processedEvents = processedEventsTable(directory);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(directory);
/** Members forgotten after `user.deleted`, so a late event about them recreates nothing. */
export const deletedMembers = deletedMembersTable(directory);
export const members: MemberTables = { users, deletedMembers };
