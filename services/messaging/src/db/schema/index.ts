import { outboxTable, processedEventsTable, usersProjectionTable } from '@freemarket/db';
import { messaging } from './messaging.js';

export * from './messaging.js';
export * from './messages.js';
export * from './conversations.js';
export * from './connections.js';
export const outbox = outboxTable(messaging);
export const processedEvents = processedEventsTable(messaging);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(messaging);
