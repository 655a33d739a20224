import { pgSchema } from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable, usersProjectionTable } from '@freemarket/db';

export const directory = pgSchema('directory');
export const outbox = outboxTable(directory);
export const processedEvents = processedEventsTable(directory);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(directory);
