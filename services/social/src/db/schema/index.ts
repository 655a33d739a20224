import { pgSchema } from 'drizzle-orm/pg-core';
import { outboxTable, processedEventsTable, usersProjectionTable } from '@freemarket/db';

export const social = pgSchema('social');
export const outbox = outboxTable(social);
export const processedEvents = processedEventsTable(social);
/** Members as announced by identity's `user.upserted`. */
export const users = usersProjectionTable(social);
