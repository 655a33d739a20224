import { outboxTable, processedEventsTable, usersProjectionTable } from '@freemarket/db';
import { commerce } from './commerce-schema.js';

export * from './commerce-schema.js';
export * from './transactions.js';
export * from './items-for-sale.js';
export * from './stripe-events.js';
export * from './expenses.js';
export * from './member-profiles.js';
export const outbox = outboxTable(commerce);
export const processedEvents = processedEventsTable(commerce);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(commerce);
export type UserRow = typeof users.$inferSelect;
