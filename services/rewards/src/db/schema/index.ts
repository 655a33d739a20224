import { deletedMembersTable, outboxTable, processedEventsTable, usersProjectionTable, type MemberTables } from '@freemarket/db';
import { rewardsSchema } from './rewards-schema.js';

export * from './rewards-schema.js';
export * from './balances.js';
export * from './reward-transactions.js';
export const outbox = outboxTable(rewardsSchema);
export const processedEvents = processedEventsTable(rewardsSchema);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(rewardsSchema);
/** Members forgotten after `user.deleted`, so a late event about them recreates nothing. */
export const deletedMembers = deletedMembersTable(rewardsSchema);
export const members: MemberTables = { users, deletedMembers };
