import { pgSchema } from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable, usersProjectionTable } from '@freemarket/db';

export const messaging = pgSchema('messaging');
export const outbox = outboxTable(messaging);
export const processedEvents = processedEventsTable(messaging);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(messaging);
